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

  /**
   * The response stored under {@code id}, or {@code null} when unknown, expired or evicted.
   *
   * @throws UnavailableException when the store cannot be read now (a shared store unreachable):
   *     the entry may well be there, so a caller must not answer as if it were not
   */
  StoredResponse get(String id);

  /**
   * Removes the response stored under {@code id}.
   *
   * @return whether there was one
   * @throws UnavailableException when the store cannot be reached now; nothing was removed
   */
  boolean delete(String id);

  /** Releases the store's resources. Default: nothing to release. */
  @Override
  default void close() {}

  /**
   * The store cannot be read or written now (a shared store unreachable), which is not the same
   * answer as "no such entry": {@code serve} says {@code 503}, not {@code 404}. Its message names
   * no address or secret of the store.
   */
  final class UnavailableException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** An exception with {@code message}, which must name no address or secret. */
    public UnavailableException(String message) {
      super(message);
    }
  }
}
