#!/bin/sh
# Debian's Chromium for the browser tests (playwright.config.ts), without the right to raise its own
# priority. Run as root, Chromium renices its GPU and compositor processes to -8: on a 2-core
# machine its software WebGL then starves the e2e server under test (and every other stage of
# npm test), so answers the tests wait on came late under load. A player's browser never runs on
# the server's machine: here it shares the cores at the same priority as everything else.
# Debian's headless build (scripts/ensure-chromium.mjs says why), the full browser where it is missing
chromium="${CHROMIUM_PATH:-/usr/bin/chromium-headless-shell}"
[ -x "$chromium" ] || chromium=/usr/bin/chromium
# Chromium keeps only the last --disable-features switch: Playwright passes its own list and
# playwright.config.ts one more, so every list given is merged into one switch here.
disabled=''
for arg in "$@"; do
  shift
  case $arg in
    --disable-features=*) disabled="${disabled:+$disabled,}${arg#--disable-features=}" ;;
    *) set -- "$@" "$arg" ;;
  esac
done
[ -n "$disabled" ] && set -- "$@" "--disable-features=$disabled"
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null 2>&1; then
  exec setpriv --bounding-set -sys_nice --inh-caps -sys_nice "$chromium" "$@"
fi
exec "$chromium" "$@"
