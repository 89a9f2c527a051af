import { BRANCH_MESSAGES, type Branch, type BranchInput, branchBodySchema, parseCoordinates } from '@loyalty/contracts';
import type { FieldErrors, Resolver } from 'react-hook-form';

/** What the dialog edits: text inputs; the coordinates as one field, typed or pasted as "22.28, 114.15". */
export type BranchFormValues = {
  name: string;
  nameZh: string;
  nameCn: string;
  address: string;
  addressZh: string;
  addressCn: string;
  phone: string;
  coordinates: string;
  relevantText: string;
  relevantTextZh: string;
  relevantTextCn: string;
  active: boolean;
};

export const EMPTY_BRANCH: BranchFormValues = {
  name: '',
  nameZh: '',
  nameCn: '',
  address: '',
  addressZh: '',
  addressCn: '',
  phone: '',
  coordinates: '',
  relevantText: '',
  relevantTextZh: '',
  relevantTextCn: '',
  active: true,
};

const text = (value: string | null) => value ?? '';

export function toFormValues(branch: Branch): BranchFormValues {
  return {
    name: branch.name,
    nameZh: text(branch.nameZh),
    nameCn: text(branch.nameCn),
    address: text(branch.address),
    addressZh: text(branch.addressZh),
    addressCn: text(branch.addressCn),
    phone: text(branch.phone),
    coordinates: branch.latitude === null || branch.longitude === null ? '' : `${branch.latitude}, ${branch.longitude}`,
    relevantText: text(branch.relevantText),
    relevantTextZh: text(branch.relevantTextZh),
    relevantTextCn: text(branch.relevantTextCn),
    active: branch.active,
  };
}

/** The body the form sends; coordinates that do not read as two numbers in range are left for the resolver. */
export function toPayload(values: BranchFormValues): BranchInput {
  const point = parseCoordinates(values.coordinates);
  return {
    name: values.name,
    nameZh: values.nameZh || null,
    nameCn: values.nameCn || null,
    address: values.address || null,
    addressZh: values.addressZh || null,
    addressCn: values.addressCn || null,
    phone: values.phone || null,
    latitude: point?.latitude ?? null,
    longitude: point?.longitude ?? null,
    relevantText: values.relevantText || null,
    relevantTextZh: values.relevantTextZh || null,
    relevantTextCn: values.relevantTextCn || null,
    active: values.active,
  };
}

/** Checks the payload with the contract's schema; each issue lands on its field (the coordinates on theirs). */
export const branchResolver: Resolver<BranchFormValues> = async (values) => {
  const errors: Record<string, { type: string; message: string }> = {};
  if (values.coordinates.trim() && !parseCoordinates(values.coordinates))
    errors.coordinates = { type: 'custom', message: BRANCH_MESSAGES.coordinates };
  const result = branchBodySchema.safeParse(toPayload(values));
  if (!result.success) {
    for (const issue of result.error.issues) {
      const key = String(issue.path[0] ?? 'name');
      const field = key === 'latitude' || key === 'longitude' ? 'coordinates' : key;
      errors[field] ??= { type: issue.code, message: issue.message };
    }
  }
  if (Object.keys(errors).length === 0) return { values, errors: {} };
  return { values: {}, errors: errors as FieldErrors<BranchFormValues> };
};
