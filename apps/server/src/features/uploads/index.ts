export { imageWork, prepareProfileImage, renderThumbnail, THUMBNAIL_PX } from "./image-processing";
