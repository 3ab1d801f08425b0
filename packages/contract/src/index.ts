// Importing the package configures zod's Russian messages once for whichever app loads it.
import './zod-config';

export * from './constants';
export * from './messages';
export * from './rules';
export * from './errors';
export * from './format';
export * from './money';
export * from './common';
export * from './showcase';
export * from './pages';
export * from './branches';
export * from './auth';
export * from './profile';
export * from './catalog';
export * from './product';
export * from './transport';
export * from './review';
export * from './cart';
export * from './payment';
export * from './feedback';
export * from './health';
export * from './admin';
export * from './admin-catalog';
export * from './rich-text';
export * from './translit';
export * from './search';
export * from './routes';
