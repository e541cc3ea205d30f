import { SavedProfilesTable } from '../../features/payment-profiles/components/saved-profiles-table';
import { ProfileRoute } from '../../features/profile/routes/profile-route';

/** /profile: the user's profile screen with the saved cards and bank accounts in its tabs. */
export function UserProfileRoute() {
  return (
    <ProfileRoute
      cardsTab={<SavedProfilesTable kind="cards" />}
      banksTab={<SavedProfilesTable kind="banks" />}
    />
  );
}
