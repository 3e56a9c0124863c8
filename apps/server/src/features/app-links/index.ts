export { APP_LINK_PATHS } from "./app-link-paths";
export { appLinksRoutes } from "./app-links.routes";
