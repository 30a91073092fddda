// What other features may use from custom boxes: the creator line on a box page.
export { BoxCreator } from './box-creator.tsx';
