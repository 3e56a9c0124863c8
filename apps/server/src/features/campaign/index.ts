export { type Attribution, captureCampaign, readAttribution } from "./campaign";
