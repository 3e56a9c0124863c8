export { ogImageRoutes } from "./og-image.routes";
export { type OgImage, OgImageService } from "./og-image.service";
