import { LANGUAGES, type LanguageCode } from '@tablo/contract/language-list';
import type { StaffRole } from '@tablo/contract/staff';

/**
 * The account mails in the ten languages (spec §1). A mail is written in the language its recipient chose:
 * the one the owner signed up in, the one a manager invited in, the one a reset was asked for in.
 * The expiry is a date (Intl, in the language) rather than "in 7 days": no plural rules to get wrong.
 */
interface Lead {
  subject: string;
  lead: string;
}

export interface MailTexts {
  roles: Record<StaffRole, string>;
  confirm(restaurant: string, product: string): Lead;
  reset(product: string): Lead;
  invitation(restaurant: string, role: string): Lead;
  until(date: string): string;
  ignore: string;
}

const TEXTS: Record<LanguageCode, MailTexts> = {
  hu: {
    roles: { OWNER: 'tulajdonos', MANAGER: 'vezető', WAITER: 'pincér', KITCHEN: 'konyha' },
    confirm: (restaurant, product) => ({
      subject: `Erősítse meg az e-mail-címét – ${restaurant}`,
      lead: `Üdvözöljük! A(z) ${restaurant} ${product}-fiókja elkészült. Kérjük, erősítse meg az e-mail-címét ezzel a linkkel:`,
    }),
    reset: (product) => ({
      subject: `Új jelszó beállítása – ${product}`,
      lead: 'Valaki (remélhetőleg Ön) új jelszót kért a fiókjához. Az új jelszót itt állíthatja be:',
    }),
    invitation: (restaurant, role) => ({
      subject: `Meghívó: ${restaurant}`,
      lead: `A(z) ${restaurant} meghívta Önt a személyzeti felületre (szerepkör: ${role}). Itt állíthatja be a jelszavát és léphet be:`,
    }),
    until: (date) => `A link egyszer használható, eddig: ${date}.`,
    ignore: 'Ha nem Ön kérte, hagyja figyelmen kívül ezt a levelet.',
  },
  en: {
    roles: { OWNER: 'owner', MANAGER: 'manager', WAITER: 'waiter', KITCHEN: 'kitchen' },
    confirm: (restaurant, product) => ({
      subject: `Confirm your e-mail address – ${restaurant}`,
      lead: `Welcome! The ${product} account of ${restaurant} is ready. Please confirm your e-mail address by opening this link:`,
    }),
    reset: (product) => ({
      subject: `Reset your password – ${product}`,
      lead: 'Someone (hopefully you) asked to reset the password of your account. Set a new password here:',
    }),
    invitation: (restaurant, role) => ({
      subject: `Invitation: ${restaurant}`,
      lead: `${restaurant} invites you to its staff console (role: ${role}). Set your password and log in here:`,
    }),
    until: (date) => `The link works once, until ${date}.`,
    ignore: 'If you did not ask for this, you can ignore this e-mail.',
  },
  sk: {
    roles: { OWNER: 'majiteľ', MANAGER: 'manažér', WAITER: 'čašník', KITCHEN: 'kuchyňa' },
    confirm: (restaurant, product) => ({
      subject: `Potvrďte svoju e-mailovú adresu – ${restaurant}`,
      lead: `Vitajte! Účet ${product} pre ${restaurant} je pripravený. Potvrďte, prosím, svoju e-mailovú adresu otvorením tohto odkazu:`,
    }),
    reset: (product) => ({
      subject: `Obnovenie hesla – ${product}`,
      lead: 'Niekto (dúfame, že vy) požiadal o obnovenie hesla k vášmu účtu. Nové heslo si nastavíte tu:',
    }),
    invitation: (restaurant, role) => ({
      subject: `Pozvánka: ${restaurant}`,
      lead: `${restaurant} vás pozýva do konzoly personálu (rola: ${role}). Heslo si nastavíte a prihlásite sa tu:`,
    }),
    until: (date) => `Odkaz funguje raz, do ${date}.`,
    ignore: 'Ak ste o to nežiadali, tento e-mail ignorujte.',
  },
  cz: {
    roles: { OWNER: 'majitel', MANAGER: 'manažer', WAITER: 'číšník', KITCHEN: 'kuchyně' },
    confirm: (restaurant, product) => ({
      subject: `Potvrďte svou e-mailovou adresu – ${restaurant}`,
      lead: `Vítejte! Účet ${product} pro ${restaurant} je připraven. Potvrďte prosím svou e-mailovou adresu otevřením tohoto odkazu:`,
    }),
    reset: (product) => ({
      subject: `Obnovení hesla – ${product}`,
      lead: 'Někdo (doufáme, že vy) požádal o obnovení hesla k vašemu účtu. Nové heslo si nastavíte zde:',
    }),
    invitation: (restaurant, role) => ({
      subject: `Pozvánka: ${restaurant}`,
      lead: `${restaurant} vás zve do konzole personálu (role: ${role}). Heslo si nastavíte a přihlásíte se zde:`,
    }),
    until: (date) => `Odkaz lze použít jednou, do ${date}.`,
    ignore: 'Pokud jste o to nežádali, tento e-mail ignorujte.',
  },
  de: {
    roles: { OWNER: 'Inhaber', MANAGER: 'Manager', WAITER: 'Kellner', KITCHEN: 'Küche' },
    confirm: (restaurant, product) => ({
      subject: `Bestätigen Sie Ihre E-Mail-Adresse – ${restaurant}`,
      lead: `Willkommen! Das ${product}-Konto von ${restaurant} ist bereit. Bitte bestätigen Sie Ihre E-Mail-Adresse über diesen Link:`,
    }),
    reset: (product) => ({
      subject: `Passwort zurücksetzen – ${product}`,
      lead: 'Jemand (hoffentlich Sie) möchte das Passwort Ihres Kontos zurücksetzen. Hier legen Sie ein neues Passwort fest:',
    }),
    invitation: (restaurant, role) => ({
      subject: `Einladung: ${restaurant}`,
      lead: `${restaurant} lädt Sie in die Personalkonsole ein (Rolle: ${role}). Hier legen Sie Ihr Passwort fest und melden sich an:`,
    }),
    until: (date) => `Der Link funktioniert einmal, bis ${date}.`,
    ignore: 'Wenn Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren.',
  },
  fr: {
    roles: { OWNER: 'propriétaire', MANAGER: 'responsable', WAITER: 'serveur', KITCHEN: 'cuisine' },
    confirm: (restaurant, product) => ({
      subject: `Confirmez votre adresse e-mail – ${restaurant}`,
      lead: `Bienvenue ! Le compte ${product} de ${restaurant} est prêt. Veuillez confirmer votre adresse e-mail en ouvrant ce lien :`,
    }),
    reset: (product) => ({
      subject: `Réinitialiser votre mot de passe – ${product}`,
      lead: 'Quelqu’un (vous, nous l’espérons) a demandé à réinitialiser le mot de passe de votre compte. Choisissez un nouveau mot de passe ici :',
    }),
    invitation: (restaurant, role) => ({
      subject: `Invitation : ${restaurant}`,
      lead: `${restaurant} vous invite dans sa console du personnel (rôle : ${role}). Choisissez votre mot de passe et connectez-vous ici :`,
    }),
    until: (date) => `Le lien ne fonctionne qu’une fois, jusqu’au ${date}.`,
    ignore: 'Si vous n’avez rien demandé, ignorez cet e-mail.',
  },
  pl: {
    roles: { OWNER: 'właściciel', MANAGER: 'menedżer', WAITER: 'kelner', KITCHEN: 'kuchnia' },
    confirm: (restaurant, product) => ({
      subject: `Potwierdź swój adres e-mail – ${restaurant}`,
      lead: `Witamy! Konto ${product} dla ${restaurant} jest gotowe. Potwierdź swój adres e-mail, otwierając ten link:`,
    }),
    reset: (product) => ({
      subject: `Resetowanie hasła – ${product}`,
      lead: 'Ktoś (mamy nadzieję, że Ty) poprosił o zresetowanie hasła do Twojego konta. Nowe hasło ustawisz tutaj:',
    }),
    invitation: (restaurant, role) => ({
      subject: `Zaproszenie: ${restaurant}`,
      lead: `${restaurant} zaprasza Cię do konsoli personelu (rola: ${role}). Ustaw hasło i zaloguj się tutaj:`,
    }),
    until: (date) => `Link działa jeden raz, do ${date}.`,
    ignore: 'Jeśli to nie Ty, zignoruj tę wiadomość.',
  },
  si: {
    roles: { OWNER: 'lastnik', MANAGER: 'vodja', WAITER: 'natakar', KITCHEN: 'kuhinja' },
    confirm: (restaurant, product) => ({
      subject: `Potrdite svoj e-poštni naslov – ${restaurant}`,
      lead: `Dobrodošli! Račun ${product} za ${restaurant} je pripravljen. Potrdite svoj e-poštni naslov tako, da odprete to povezavo:`,
    }),
    reset: (product) => ({
      subject: `Ponastavitev gesla – ${product}`,
      lead: 'Nekdo (upamo, da vi) je zahteval ponastavitev gesla za vaš račun. Novo geslo nastavite tukaj:',
    }),
    invitation: (restaurant, role) => ({
      subject: `Povabilo: ${restaurant}`,
      lead: `${restaurant} vas vabi v konzolo za osebje (vloga: ${role}). Geslo nastavite in se prijavite tukaj:`,
    }),
    until: (date) => `Povezava deluje enkrat, do ${date}.`,
    ignore: 'Če tega niste zahtevali, to sporočilo prezrite.',
  },
  hr: {
    roles: { OWNER: 'vlasnik', MANAGER: 'voditelj', WAITER: 'konobar', KITCHEN: 'kuhinja' },
    confirm: (restaurant, product) => ({
      subject: `Potvrdite svoju adresu e-pošte – ${restaurant}`,
      lead: `Dobro došli! Račun ${product} za ${restaurant} je spreman. Potvrdite svoju adresu e-pošte otvaranjem ove poveznice:`,
    }),
    reset: (product) => ({
      subject: `Nova lozinka – ${product}`,
      lead: 'Netko (nadamo se vi) zatražio je novu lozinku za vaš račun. Novu lozinku postavite ovdje:',
    }),
    invitation: (restaurant, role) => ({
      subject: `Pozivnica: ${restaurant}`,
      lead: `${restaurant} vas poziva u konzolu za osoblje (uloga: ${role}). Lozinku postavite i prijavite se ovdje:`,
    }),
    until: (date) => `Poveznica radi jednom, do ${date}.`,
    ignore: 'Ako to niste zatražili, zanemarite ovu poruku.',
  },
  ro: {
    roles: { OWNER: 'proprietar', MANAGER: 'manager', WAITER: 'ospătar', KITCHEN: 'bucătărie' },
    confirm: (restaurant, product) => ({
      subject: `Confirmați adresa de e-mail – ${restaurant}`,
      lead: `Bun venit! Contul ${product} pentru ${restaurant} este gata. Vă rugăm să confirmați adresa de e-mail deschizând acest link:`,
    }),
    reset: (product) => ({
      subject: `Resetarea parolei – ${product}`,
      lead: 'Cineva (sperăm că dumneavoastră) a cerut resetarea parolei contului. Setați o parolă nouă aici:',
    }),
    invitation: (restaurant, role) => ({
      subject: `Invitație: ${restaurant}`,
      lead: `${restaurant} vă invită în consola personalului (rol: ${role}). Setați-vă parola și conectați-vă aici:`,
    }),
    until: (date) => `Linkul funcționează o singură dată, până la ${date}.`,
    ignore: 'Dacă nu ați cerut acest lucru, ignorați acest e-mail.',
  },
};

export function mailTextsFor(language: string): MailTexts {
  return TEXTS[language as LanguageCode] ?? TEXTS.en;
}

/** The link's expiry as a date in the recipient's language (UTC, named, as the server has no better zone). */
export function formatExpiry(language: string, expiresAt: Date): string {
  const bcp47 = LANGUAGES.find((l) => l.code === language)?.bcp47 ?? 'en';
  return new Intl.DateTimeFormat(bcp47, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(expiresAt);
}
