/** What other features use of users; the rest of the folder is its own. */
export { FollowAuthor } from "./components/follow-author";
export { FollowButton } from "./components/follow-button";
export { NewestReaders } from "./components/newest-readers";
export { PeopleListSkeleton } from "./components/people-list-skeleton";
export { UserAvatar } from "./components/user-avatar";
export { useStoreMe, useSuggestedUsers, useUpdateProfile } from "./profile-mutations";
