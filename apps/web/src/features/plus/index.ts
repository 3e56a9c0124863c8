export { PlusSettingsCard } from "./components/plus-settings-card";
