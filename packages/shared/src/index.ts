export * from './constants.js';
export * from './messages.js';
export * from './errors.js';
export * from './ids.js';
export * from './list.js';
export * from './products.js';
export * from './reviews.js';
export * from './format.js';
