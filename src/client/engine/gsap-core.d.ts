// Types of gsap's core entry without its CSS plugin (our timelines tween plain object and Pixi
// properties, never CSS): gsap ships the module but declares types only for the full 'gsap'.
declare module 'gsap/gsap-core' {
  import type { gsap as fullGsap } from 'gsap';

  export const gsap: typeof fullGsap;
  export default gsap;
}
