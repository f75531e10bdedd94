import { ACCOUNT_ERRORS } from '@tablo/contract/accounts';

/** The accounts API's refusals (issue 26): each says what happened and what to do. */
export const ACCOUNT_TEXTS = {
  ...ACCOUNT_ERRORS,
  shortNameTaken: (shortName: string) => `The short name "${shortName}" is taken: choose another`,
  memberNotFound: 'Staff member not found',
  invitationNotFound: 'Invitation not found',
  alreadyConfirmed: 'This e-mail address is already confirmed',
  mailFailed: 'The e-mail could not be sent: please try again later',
} as const;
