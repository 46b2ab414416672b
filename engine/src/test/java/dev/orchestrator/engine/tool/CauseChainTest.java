package dev.orchestrator.engine.tool;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.SocketTimeoutException;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeoutException;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * How the classifier walks a cause chain: wrapping, cycles, the depth limit, suppressed context.
 */
class CauseChainTest {

  private static final ToolSpec SEARCH = ToolSpec.idempotent("search");

  /** Exceptions {@code a} and {@code b}, each linked to the other by {@code link}. */
  private static List<RuntimeException> cycle(BiConsumer<Throwable, Throwable> link) {
    RuntimeException a = new RuntimeException("a");
    RuntimeException b = new RuntimeException("b");
    link.accept(a, b);
    link.accept(b, a);
    return List.of(a, b);
  }

  private static ToolFailureKind classify(Throwable t) {
    return ToolFailureClassifier.INSTANCE.classify(t, SEARCH).observedKind();
  }

  /** {@code depth} plain wrappers around {@code root}: root ends up {@code depth} links away. */
  private static Throwable wrap(Throwable root, int depth) {
    Throwable t = root;
    for (int i = 0; i < depth; i++) {
      t = new RuntimeException("wrapper " + i, t);
    }
    return t;
  }

  @Test
  void findsEvidenceUnderWrappers() {
    Throwable t = new CompletionException(new RuntimeException(new TimeoutException()));

    assertThat(classify(t)).isEqualTo(ToolFailureKind.TIMEOUT);
  }

  @Test
  void theOutermostTypedExceptionWins() {
    Throwable t = new IllegalArgumentException("bad path", new SocketTimeoutException());

    assertThat(classify(t)).isEqualTo(ToolFailureKind.INVALID_ARGUMENTS);
  }

  @Test
  @Timeout(5)
  void terminatesOnACauseCycle() {
    List<RuntimeException> ab = cycle(Throwable::initCause);

    assertThat(CauseChain.walk(ab.get(0))).containsExactly(ab.get(0), ab.get(1));
    assertThat(classify(ab.get(0))).isEqualTo(ToolFailureKind.UNKNOWN);
  }

  @Test
  @Timeout(5)
  void terminatesOnASuppressedCycle() {
    List<RuntimeException> ab = cycle(Throwable::addSuppressed);
    ab.get(1).addSuppressed(new TimeoutException());

    assertThat(classify(ab.get(0))).isEqualTo(ToolFailureKind.TIMEOUT);
  }

  @Test
  void readsEvidenceJustInsideTheDepthLimit() {
    Throwable t = wrap(new TimeoutException(), CauseChain.MAX_DEPTH - 1);

    assertThat(classify(t)).isEqualTo(ToolFailureKind.TIMEOUT);
  }

  @Test
  void ignoresEvidenceBeyondTheDepthLimit() {
    Throwable t = wrap(new TimeoutException(), CauseChain.MAX_DEPTH);

    assertThat(CauseChain.walk(t)).hasSize(CauseChain.MAX_DEPTH);
    assertThat(classify(t)).isEqualTo(ToolFailureKind.UNKNOWN);
  }

  @Test
  void ignoresEvidenceBeyondTheDepthLimitEvenWhenWrappersRepeatItsName() {
    Throwable t = new TimeoutException();
    for (int i = 0; i < CauseChain.MAX_DEPTH; i++) {
      t = new RuntimeException(t); // message: the cause's toString, naming TimeoutException
    }

    assertThat(classify(t)).isEqualTo(ToolFailureKind.UNKNOWN);
  }

  @Test
  void honoursSuppressedContext() {
    RuntimeException primary = new RuntimeException("close failed after the call");
    primary.addSuppressed(new SocketTimeoutException("Read timed out"));

    assertThat(classify(primary)).isEqualTo(ToolFailureKind.TIMEOUT);
  }

  @Test
  void thePrimaryCauseChainOutranksSuppressedContext() {
    RuntimeException primary =
        new RuntimeException(new RuntimeException(new SecurityException("sandbox")));
    primary.addSuppressed(new SocketTimeoutException());

    assertThat(classify(primary)).isEqualTo(ToolFailureKind.PERMISSION_DENIED);
  }

  @Test
  void readsSuppressedContextOfACause() {
    RuntimeException cause = new RuntimeException("cause");
    cause.addSuppressed(new TimeoutException());

    assertThat(classify(new RuntimeException(cause))).isEqualTo(ToolFailureKind.TIMEOUT);
  }

  @Test
  void boundsHowManyThrowablesItReads() {
    RuntimeException wide = new RuntimeException("wide");
    for (int i = 0; i < 1_000; i++) {
      wide.addSuppressed(new RuntimeException("s" + i));
    }
    wide.addSuppressed(new TimeoutException());

    assertThat(CauseChain.walk(wide)).hasSize(CauseChain.MAX_NODES);
    assertThat(classify(wide)).isEqualTo(ToolFailureKind.UNKNOWN);
  }
}
