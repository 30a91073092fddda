// Look-alike names: a name that mixes Latin letters with Cyrillic or Greek ones ("Pаypаl Вох" with a
// Cyrillic а, В, о, х) imitates another name. Names written in one of these alphabets pass.

const SCRIPTS = [/\p{Script=Latin}/u, /\p{Script=Cyrillic}/u, /\p{Script=Greek}/u];

/** Whether `text` has letters from more than one of Latin, Cyrillic and Greek. */
export function mixesLookAlikeScripts(text: string): boolean {
  return SCRIPTS.filter((script) => script.test(text)).length > 1;
}

/** The 422 message for a mixed-script name of `what` ("The name", "Nickname"). */
export function mixedScriptMessage(what: string): string {
  return `${what} mixes Latin letters with Cyrillic or Greek look-alikes: write it in one alphabet.`;
}
