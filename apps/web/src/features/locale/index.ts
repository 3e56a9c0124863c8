export { RegionCard } from "./components/region-card";
export { formatMoney } from "./money";
export {
  type DisplayRegion,
  type DisplayRegionSource,
  startRegionDetection,
  useDisplayRegion,
} from "./use-display-region";
