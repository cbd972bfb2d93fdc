/**
 * The whole store's types. The store is put together in app/store.ts from the slices of
 * every layer (services, this one, the checkout feature), so its types can only be read
 * from there. A type import is erased from the build: this one path upward costs nothing
 * at run time and can never form a cycle, and it is the only one (the linter keeps every
 * other import pointing down).
 */
// eslint-disable-next-line import-x/no-restricted-paths -- types only, see above
export type { AppDispatch, RootState } from '../app/store';
