import { PASS_SETTINGS_DEFAULTS, personName } from '@loyalty/contracts';
import { SignJWT } from 'jose';
import type { PassData } from '../pass-data';
import { expiringTexts, PASS_LANGUAGES, PASS_TEXTS, type PassLanguage, passLabel, rewardLines } from '../pass-strings';
import type { GoogleCredentials } from './credentials';
import type { ClassData } from './repository';

/** Google reads language tags; the pass's zh-Hant is Hong Kong / Taiwan Traditional, zh-Hans mainland Simplified. */
const GOOGLE_LANGUAGE: Record<PassLanguage, string> = { en: 'en-US', 'zh-Hant': 'zh-TW', 'zh-Hans': 'zh-CN' };

/** Google's limit on the JWT of a save link (not the URL): longer ones fail in some browsers. */
export const SAVE_JWT_MAX = 1800;
export const SAVE_URL_PREFIX = 'https://pay.google.com/gp/v/save/';

type LocalizedString = {
  defaultValue: { language: string; value: string };
  translatedValues: { language: string; value: string }[];
};

/**
 * `{ <field>: value, localized<Field>: translations }` with the business's language as the default value (what a
 * phone in any other language shows, docs/design.md §8) and a translation only where it differs; no localized field at
 * all when nothing differs (every character counts in a link).
 */
function localized<K extends string>(field: K, values: Record<PassLanguage, string>, business: PassLanguage) {
  const translated = PASS_LANGUAGES.filter(
    (lang) => lang !== business && values[lang] && values[lang] !== values[business],
  ).map((lang) => ({ language: GOOGLE_LANGUAGE[lang], value: values[lang] }));
  const localizedField = `localized${field[0]?.toUpperCase()}${field.slice(1)}`;
  const value: LocalizedString = {
    defaultValue: { language: GOOGLE_LANGUAGE[business], value: values[business] },
    translatedValues: translated,
  };
  return {
    [field]: values[business],
    ...(translated.length > 0 ? { [localizedField]: value } : {}),
  } as Record<K, string> & Record<string, LocalizedString | string>;
}

/** Ids are `<issuerId>.<suffix>` with only word characters, dots and dashes after the dot (Google's rule). */
export const classIdOf = (issuerId: string, tenantId: string) => `${issuerId}.${tenantId.replace(/[^\w.-]/g, '_')}`;
const objectIdOf = (issuerId: string, memberId: string) => `${issuerId}.${memberId.replace(/[^\w.-]/g, '_')}`;

/** An uploaded image's path made absolute: Google fetches images itself, from PUBLIC_URL. */
const image = (url: string, publicUrl: string, description: string, business: PassLanguage) =>
  url
    ? {
        sourceUri: { uri: /^https?:\/\//.test(url) ? url : `${publicUrl}${url}` },
        contentDescription: { defaultValue: { language: GOOGLE_LANGUAGE[business], value: description } },
      }
    : undefined;

/**
 * The tenant's loyaltyClass, from the same pass settings and store settings as the Apple pass: programme name
 * (the hero text, else the business name), logo, background colour, the strip as hero image, and the labels
 * in English, zh-TW and zh-CN.
 */
export function loyaltyClassOf(data: ClassData, issuerId: string, tenantId: string, publicUrl: string) {
  const design = { ...PASS_SETTINGS_DEFAULTS, ...data.design };
  const logo = image(design.logoUrl || data.store?.logoUrl || '', publicUrl, data.businessName, data.language);
  const hero = image(design.stripUrl, publicUrl, design.heroText || data.businessName, data.language);
  const memberName = passLabel(design, 'memberName');
  const level = passLabel(design, 'membershipLevel');
  return {
    id: classIdOf(issuerId, tenantId),
    issuerName: data.businessName,
    programName: design.heroText || data.businessName,
    ...(logo ? { programLogo: logo } : {}),
    ...(hero ? { heroImage: hero } : {}),
    hexBackgroundColor: design.backgroundColor,
    reviewStatus: 'UNDER_REVIEW',
    ...localized('accountNameLabel', memberName, data.language),
    ...localized('accountIdLabel', PASS_TEXTS.membershipCode, data.language),
    ...localized('rewardsTierLabel', level, data.language),
    multipleDevicesAndHoldersAllowedStatus: 'ONE_USER_ALL_DEVICES',
    // The branches' places (docs/design.md §10); Google refuses them for an issuer it has not allowlisted.
    ...(data.merchantLocations?.length ? { merchantLocations: data.merchantLocations } : {}),
  };
}

type LoyaltyClass = ReturnType<typeof loyaltyClassOf>;

/** A loyalty points balance: a whole number (points) or a short text (stamps, `3/8`). */
type Balance = { int?: number; string?: string };

/** What a PATCH may change of a member's object: everything but its ids. */
export function loyaltyObjectFields(data: PassData, publicUrl = '') {
  const design = { ...PASS_SETTINGS_DEFAULTS, ...data.design };
  const business = data.language;
  const points = passLabel(design, 'points');
  const level = passLabel(design, 'membershipLevel');
  const tier = data.tierName
    ? {
        en: data.tierName,
        'zh-Hant': data.tierNameZh || data.tierName,
        'zh-Hans': data.tierNameCn || data.tierName,
      }
    : undefined;
  // Points the member was warned of (expiryWarningDays), as the Apple pass's "expiring" field shows them: the
  // number beside the balance, the date and the sentence in a text module.
  const expiring = data.expiring && expiringTexts(data.expiring.expiresAt, data.timeZone, data.expiring.points);
  // The stamp card (docs/design.md §10): `3/8` beside the points (in their place when points are off), and the card
  // drawn as the object's hero image at a public address (Google fetches it).
  const card = data.stampCard;
  const stamps = card && {
    ...localized('label', PASS_TEXTS.stamps, business),
    balance: { string: `${card.stamps}/${card.stampsPerCard}` } as Balance,
  };
  // Stamps only, points off: the stamps take the points' place.
  const pointsShown = design.showPoints && !(card && data.pointsActive === false);
  return {
    state: 'ACTIVE',
    accountName: personName(data),
    accountId: data.membershipCode,
    ...(pointsShown || stamps
      ? {
          loyaltyPoints: pointsShown
            ? { ...localized('label', points, business), balance: { int: data.points } as Balance }
            : (stamps as NonNullable<typeof stamps>),
        }
      : {}),
    ...(stamps && pointsShown ? { secondaryLoyaltyPoints: stamps } : {}),
    ...(card?.imagePath
      ? {
          heroImage: {
            sourceUri: { uri: `${publicUrl}${card.imagePath}` },
            contentDescription: {
              defaultValue: {
                language: GOOGLE_LANGUAGE[business],
                value: `${PASS_TEXTS.stamps[business]} ${card.stamps}/${card.stampsPerCard}`,
              },
            },
          },
        }
      : {}),
    ...(data.expiring && !(stamps && pointsShown)
      ? {
          secondaryLoyaltyPoints: {
            ...localized('label', PASS_TEXTS.expiringShort, business),
            balance: { int: data.expiring.points },
          },
        }
      : {}),
    barcode: { type: 'QR_CODE', value: data.membershipCode, alternateText: data.membershipCode },
    textModulesData: [
      ...(tier ? [{ id: 'tier', ...localized('header', level, business), ...localized('body', tier, business) }] : []),
      ...(expiring
        ? [
            {
              id: 'expiring',
              ...localized(
                'header',
                {
                  en: expiring.en.label,
                  'zh-Hant': expiring['zh-Hant'].label,
                  'zh-Hans': expiring['zh-Hans'].label,
                },
                business,
              ),
              ...localized(
                'body',
                {
                  en: expiring.en.notice,
                  'zh-Hant': expiring['zh-Hant'].notice,
                  'zh-Hans': expiring['zh-Hans'].notice,
                },
                business,
              ),
            },
          ]
        : []),
      // The rewards the member can afford, as the Apple pass's back lists them.
      ...(data.rewards?.length
        ? [
            {
              id: 'rewards',
              ...localized('header', PASS_TEXTS.rewards, business),
              ...localized(
                'body',
                {
                  en: rewardLines(data.rewards, 'en'),
                  'zh-Hant': rewardLines(data.rewards, 'zh-Hant'),
                  'zh-Hans': rewardLines(data.rewards, 'zh-Hans'),
                },
                business,
              ),
            },
          ]
        : []),
    ],
  };
}

/**
 * A PATCH of a member's object: its fields, and the expiring points cleared once none are left (a PATCH leaves a
 * field it does not name as it was; Google clears one sent as null). Text modules are replaced as a whole.
 */
export function loyaltyObjectPatch(data: PassData, publicUrl = '') {
  return { secondaryLoyaltyPoints: null, ...loyaltyObjectFields(data, publicUrl) };
}

/** A member's loyaltyObject: the member's name, code (QR), points and tier in three languages. */
export function loyaltyObjectOf(data: PassData, issuerId: string, tenantId: string, publicUrl = '') {
  return {
    id: objectIdOf(issuerId, data.memberId),
    classId: classIdOf(issuerId, tenantId),
    ...loyaltyObjectFields(data, publicUrl),
  };
}

type LoyaltyObject = ReturnType<typeof loyaltyObjectOf>;

/** The save link's JWT (RS256, the service account's key and key id), Google's claims around `payload`. */
function signSaveJwt(credentials: GoogleCredentials, origins: string[], payload: object): Promise<string> {
  return new SignJWT({ origins, typ: 'savetowallet', payload })
    .setProtectedHeader({ alg: 'RS256', kid: credentials.keyId })
    .setIssuer(credentials.clientEmail)
    .setAudience('google')
    .setIssuedAt()
    .sign(credentials.privateKey);
}

/** How much travels inside the link: everything, the object with the class by id, or both by id. */
type SaveLinkShape = 'class-and-object' | 'object' | 'ids';

/**
 * The smallest-first rule of docs/design.md §8: class and object inline while the JWT fits in 1,800 characters, else the
 * object inline (the class inserted by REST), else both by id (the object inserted by REST first). jose writes
 * the JSON with JSON.stringify, so Chinese stays raw UTF-8 (a `\u` escape would make it 10 % longer).
 */
export async function saveJwt(
  credentials: GoogleCredentials,
  origins: string[],
  klass: LoyaltyClass,
  object: LoyaltyObject,
): Promise<{ jwt: string; shape: SaveLinkShape }> {
  const candidates: [SaveLinkShape, object][] = [
    ['class-and-object', { loyaltyClasses: [klass], loyaltyObjects: [object] }],
    ['object', { loyaltyObjects: [object] }],
  ];
  for (const [shape, payload] of candidates) {
    const jwt = await signSaveJwt(credentials, origins, payload);
    if (jwt.length <= SAVE_JWT_MAX) return { jwt, shape };
  }
  const jwt = await signSaveJwt(credentials, origins, { loyaltyObjects: [{ id: object.id, classId: object.classId }] });
  return { jwt, shape: 'ids' };
}
