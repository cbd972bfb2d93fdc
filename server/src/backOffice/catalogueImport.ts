/** The catalogue as a spreadsheet: CSV export, and import with a preview. */
import type { RoutePlugin } from '../context';

const catalogueImportRoutes: RoutePlugin = async () => {};

export default catalogueImportRoutes;
