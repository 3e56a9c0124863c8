export { captureCampaign, readCampaign } from "./campaign";
