package dev.orchestrator.engine.spi;

/**
 * Where {@code serve}'s stored Responses-API answers live between requests (docs/reference.md §5):
 * what {@code previous_response_id} continues from and {@code GET}/{@code DELETE
 * /v1/responses/{id}} read and remove. Bounded by entries, bytes and age; an entry past a bound is
 * gone, as if never stored. {@code serve} keeps them in memory by default; {@code health-redis}
 * shares them with a fleet (as {@link dev.orchestrator.engine.cost.SpendStore} shares spend).
 * Implementations are thread-safe.
 */
public interface ResponseStore extends AutoCloseable {
  /** Stores {@code response} under {@code id}, replacing any entry with that id. */
  void put(String id, StoredResponse response);

  /** The response stored under {@code id}, or {@code null} when unknown, expired or evicted. */
  StoredResponse get(String id);

  /**
   * Removes the response stored under {@code id}.
   *
   * @return whether there was one
   */
  boolean delete(String id);

  /** Releases the store's resources. Default: nothing to release. */
  @Override
  default void close() {}
}
