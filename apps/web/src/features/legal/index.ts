export { TermsLinks } from "./components/terms-links";
