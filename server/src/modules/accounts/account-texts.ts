/** The accounts API's refusals (issue 26): each says what happened and what to do. */
export const ACCOUNT_TEXTS = {
  linkInvalid: 'This link is not valid: check that it was copied whole, or ask for a new one',
  linkExpired: 'This link has expired: ask for a new one',
  linkUsed: 'This link has already been used: ask for a new one if you still need it',
  shortNameTaken: (shortName: string) => `The short name "${shortName}" is taken: choose another`,
  emailTaken: 'An account with this e-mail address already exists: log in, or reset its password',
  memberNotFound: 'Staff member not found',
  invitationNotFound: 'Invitation not found',
  ownersOnly: 'Only an owner can invite an owner, make someone an owner, or change an owner’s account',
  lastOwner: 'The restaurant’s last owner cannot be demoted or disabled: make someone else an owner first',
  disableSelf: 'You cannot disable your own account: ask another owner or manager',
  alreadyConfirmed: 'This e-mail address is already confirmed',
  mailFailed: 'The e-mail could not be sent: please try again later',
} as const;
