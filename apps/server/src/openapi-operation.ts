/** OpenAPI naming for a route: the contract's operation name (`resource.verb`), tagged by its resource. */
export function operation(operationId: string) {
  return { operationId, tags: [operationId.split(".")[0] as string] };
}
