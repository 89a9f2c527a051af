/** A zod issue as fastify-type-provider-zod hands it over, or as nested inside a union's issue. */
type Issue = {
  instancePath?: string;
  path?: PropertyKey[];
  keyword?: string;
  code?: string;
  message?: string;
  params?: { errors?: Issue[][] };
  errors?: Issue[][];
};

const pathOf = (issue: Issue, prefix: string) => {
  const own = issue.path
    ? issue.path.map(String).join('.')
    : (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  return [prefix, own].filter(Boolean).join('.') || '_';
};

/**
 * A body that matches no form of a union would otherwise be reported as one "Invalid input" on no field.
 * Report instead the form the body came closest to (fewest problems, and no keys it does not know), so
 * each bad field is named with its own message.
 */
function closestBranch(branches: Issue[][]): Issue[] {
  const score = (issues: Issue[]) => issues.length + (issues.some((i) => i.code === 'unrecognized_keys') ? 100 : 0);
  return [...branches].sort((a, b) => score(a) - score(b))[0] ?? [];
}

/** Field → first message, for the `errors` of a 400. */
export function fieldErrors(issues: Issue[], prefix = ''): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const branches = issue.params?.errors ?? issue.errors;
    const code = issue.keyword ?? issue.code;
    if (code === 'invalid_union' && branches?.length) {
      const nested = fieldErrors(closestBranch(branches), pathOf(issue, prefix).replace(/^_$/, ''));
      for (const [field, message] of Object.entries(nested)) errors[field] ??= message;
      continue;
    }
    errors[pathOf(issue, prefix)] ??= issue.message ?? 'Invalid value';
  }
  return errors;
}
