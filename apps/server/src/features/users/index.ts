export { moveUserScores, otherAuthorsOf, scoreMovedBy } from "./interaction-score.repository";
export { createProfile } from "./profiles.service";
export { presentPublicProfile, presentPublicUser } from "./users.presenter";
export { type ProfileRow, UsersRepository } from "./users.repository";
