'use client';

// A failure inside a shop page keeps the shop's header and footer (this boundary sits inside the (shop) layout);
// the root error page catches what fails in the layout itself.
export { default } from '../error';
