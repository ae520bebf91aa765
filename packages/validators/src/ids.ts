// Row ids are UUIDs. An id arrives from a URL or a request, so anything else cannot name a row: the API
// answers "not found" before it reaches SQL, and the screens drop it from their address.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string): boolean => UUID.test(value);
