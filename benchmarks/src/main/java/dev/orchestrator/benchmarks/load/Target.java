package dev.orchestrator.benchmarks.load;

/**
 * One way of sending the benchmark's chat request (raw HTTP, the in-process orchestrator, an HTTP
 * gateway). Implementations are thread-safe: every caller thread of a run shares one.
 */
public interface Target extends AutoCloseable {

  /** Receives the moment the first content token arrived. Not thread-safe: one per call. */
  final class Probe {
    private long firstToken;

    /** Records now as the first token's arrival (later calls are ignored). */
    public void firstToken() {
      if (firstToken == 0) {
        firstToken = System.nanoTime();
      }
    }

    /** {@link System#nanoTime()} of the first token, or 0. */
    public long firstTokenAt() {
      return firstToken;
    }

    void reset() {
      firstToken = 0;
    }
  }

  /** A short name for tables ({@code raw}, {@code in-process}, {@code serve}, {@code portkey}). */
  String name();

  /**
   * Sends one request and reads the whole answer. Returns normally only for a complete, successful
   * answer; a stream calls {@link Probe#firstToken()} when the first content token arrives.
   *
   * @throws Exception for anything else (the run counts it as an error)
   */
  void call(boolean stream, Probe probe) throws Exception;

  /** Releases what the target holds. */
  @Override
  default void close() {}
}
