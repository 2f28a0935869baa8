import { setAutoFreeze } from 'immer';

/**
 * Charts (`@mantine/charts`, recharts 3) keep chart elements in a Redux Toolkit store, and Immer freezes what goes
 * into that store. Preact writes its bookkeeping fields onto the elements it renders, which a frozen element refuses
 * ("Cannot assign to read only property '__'"). recharts already switches Redux Toolkit's mutation checks off for its
 * store, and nothing else in the app uses Immer, so freezing is switched off before any chart renders. Every module
 * that imports `@mantine/charts` imports this one first.
 */
setAutoFreeze(false);
