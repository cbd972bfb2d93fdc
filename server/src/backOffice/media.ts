/** The shop's pictures, served outside the API prefix with long-lived caching. */
import type { RoutePlugin } from '../context';

const mediaRoutes: RoutePlugin = async () => {};

export default mediaRoutes;
