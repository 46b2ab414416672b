package dev.orchestrator.engine;

import dev.orchestrator.engine.catalog.Capability;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.chat.ChatMessage;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.ChatResponse;
import dev.orchestrator.engine.failure.ProviderFailure;
import dev.orchestrator.engine.health.Admission;
import dev.orchestrator.engine.plan.Candidate;
import dev.orchestrator.engine.spi.ProviderClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Stream continuation (docs/design.md §5): asks prefill-capable candidates — the cut route first
 * when it accepts a prefill, then the plan's other prefill-capable candidates in order — to
 * continue from the partial answer, within the deadline. Every continuation attempt is in the
 * trace; when none completes the answer, the original failure is what the caller gets, never a
 * rejection of the prefill. Not thread-safe: one instance per cut stream, on the request's thread.
 */
final class StreamContinuation {
  private final FailoverRun run;
  private final RunRecord record;
  private final Route cut;
  private final ProviderFailure original;
  private final List<Route> order;
  private String partial;

  StreamContinuation(FailoverRun run, Route cut, String partial, ProviderFailure original) {
    this.run = run;
    this.record = run.record();
    this.cut = cut;
    this.partial = partial;
    this.original = original;
    this.order = order();
  }

  /** Whether any candidate may continue the stream (the cut route or a later one accepts it). */
  boolean possible() {
    return !order.isEmpty();
  }

  ChatResult run() {
    record.continuing();
    for (int i = 0; i < order.size(); i++) {
      if (run.cancel().isCancelled() || record.remainingNanos() <= 0) {
        break;
      }
      ChatResult done = attempt(order.get(i), i == order.size() - 1);
      if (done != null) {
        return done;
      }
    }
    throw record.stopped(cut.id(), original);
  }

  /**
   * The cut route when it accepts a prefill, then the prefill-capable candidates after it in the
   * plan (those before it have already failed this request).
   */
  private List<Route> order() {
    List<Route> order = new ArrayList<>();
    if (cut.capabilities().contains(Capability.PREFILL)) {
      order.add(cut);
    }
    boolean after = false;
    for (Candidate c : record.plan().candidates()) {
      Route r = c.route();
      if (after && r.capabilities().contains(Capability.PREFILL)) {
        order.add(r);
      }
      after |= r.id().equals(cut.id());
    }
    return order;
  }

  /** One continuation attempt: the whole answer, or null (its added text is kept). */
  private ChatResult attempt(Route route, boolean last) {
    Optional<Provider> provider = run.catalog().provider(route.provider());
    ProviderClient client = provider.isEmpty() ? null : run.clientFor(provider.get());
    if (client == null) {
      return null;
    }
    Admission admission = run.admit(route.id());
    if (!admission.dispatch()) {
      record.shed(route.id(), admission.retryIn());
      return null;
    }
    int n = record.nextAttempt(route.id());
    ChatRequest req = run.request().toBuilder().message(ChatMessage.assistant(partial)).build();
    VisibleOutput visible = new VisibleOutput(run.listener());
    FailoverRun.Attempt a = run.attempt(admission, client, provider.get(), route, req, visible);
    if (a.failure() == null) {
      record.success(route, n, a.latency(), a.skippedEvents());
      ChatResponse r = a.response();
      return record.result(route, r.withContentPrefix(partial));
    }
    run.applyAccountHealth(route, a.failure(), FailoverTable.rowFor(a.failure().category()));
    partial += visible.text();
    record.attempt(
        route,
        n,
        a.failure(),
        last ? Decision.STOP : Decision.FAILOVER,
        Duration.ZERO,
        a.latency());
    return null;
  }
}
