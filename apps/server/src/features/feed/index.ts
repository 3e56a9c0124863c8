export { activitiesRepository } from "./activities.repository";
