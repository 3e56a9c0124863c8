export { prepareProfileImage, renderThumbnail, THUMBNAIL_PX } from "./image-processing";
