// A count and its noun as people write them: "1 portal user", "2 portal users", never "1 portal user(s)".
// English only, like every text of the product; `many` for the nouns that do not just take an "s".
export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
