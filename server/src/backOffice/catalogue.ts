/** Products, categories and stock as the owner and staff run them. */
import type { RoutePlugin } from '../context';

const catalogueRoutes: RoutePlugin = async () => {};

export default catalogueRoutes;
