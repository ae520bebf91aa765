// The submit of an "add or edit" modal: one form, two calls. Without an item it creates; with one it
// updates that item with the form's values.

interface Call<I> {
  isPending: boolean;
  mutate(input: I): void;
}

export function createOrUpdate<V>(item: { id: string } | null, create: Call<V>, update: Call<V & { id: string }>) {
  return {
    /** Either call is running: the form's buttons wait. */
    pending: create.isPending || update.isPending,
    submit: (values: V) => (item ? update.mutate({ id: item.id, ...values }) : create.mutate(values)),
  };
}
