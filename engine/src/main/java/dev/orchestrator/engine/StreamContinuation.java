package dev.orchestrator.engine;

import dev.orchestrator.engine.catalog.Capability;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.chat.ChatMessage;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.StreamListener;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.failure.ProviderFailure;
import dev.orchestrator.engine.health.Admission;
import dev.orchestrator.engine.health.KeyBook;
import dev.orchestrator.engine.internal.AttemptPath;
import dev.orchestrator.engine.plan.Candidate;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Stream continuation (docs/design.md §5): asks prefill-capable candidates — the cut route first
 * when it accepts a prefill, then the plan's other prefill-capable candidates in order — to
 * continue from the partial answer, within the deadline, each through the request's {@link
 * AttemptPath} — with a key that has something left of its limits, counted against them, and never
 * to a route cooled or held for an account state since the plan, as every attempt. Every
 * continuation attempt is in the trace; when none completes the answer, the original failure is
 * what the caller gets, never a rejection of the prefill. Not thread-safe: one instance per cut
 * stream, on the request's thread.
 */
final class StreamContinuation {
  private final AttemptPath path;
  private final RunRecord record;
  private final ChatRequest request;
  private final StreamListener listener;
  private final Route cut;
  private final ProviderFailure original;
  private final List<Route> order;
  private String partial;

  StreamContinuation(
      AttemptPath path,
      RunRecord record,
      ChatRequest request,
      StreamListener listener,
      Route cut,
      String partial,
      ProviderFailure original) {
    this.path = path;
    this.record = record;
    this.request = request;
    this.listener = listener;
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
      if (path.context().cancellation().isCancelled() || record.remainingNanos() <= 0) {
        break;
      }
      Optional<ChatResult> done = attempt(order.get(i), i == order.size() - 1);
      if (done.isPresent()) {
        return done.get();
      }
    }
    throw record.stopped(cut.id(), original);
  }

  /**
   * The cut route when it accepts a prefill, then the prefill-capable candidates after it in the
   * plan that this request has not tried yet: those before it have already failed, and one after it
   * may have too when the cut came in the second pass over silent routes (a route that refused the
   * request is never sent it again).
   */
  private List<Route> order() {
    List<Route> order = new ArrayList<>();
    if (cut.capabilities().contains(Capability.PREFILL)) {
      order.add(cut);
    }
    boolean after = false;
    for (Candidate c : record.plan().candidates()) {
      Route r = c.route();
      if (after && r.capabilities().contains(Capability.PREFILL) && !record.wasTried(r.id())) {
        order.add(r);
      }
      after |= r.id().equals(cut.id());
    }
    return order;
  }

  /**
   * One continuation attempt: the whole answer, or empty (the text it added is kept); the original
   * failure is thrown when the attempt streamed a tool call before it failed, and a tool stop as
   * itself.
   */
  private Optional<ChatResult> attempt(Route route, boolean last) {
    Optional<AttemptPath.Target> target = path.target(route);
    if (target.isEmpty()) {
      return Optional.empty();
    }
    // A continuation is a request like any other: not sent where every key is out, and counted
    // against the key it goes out with (docs/design.md §5).
    String id = target.get().routeId();
    ChatRequest req = request.toBuilder().message(ChatMessage.assistant(partial)).build();
    long tokens = AttemptPath.tokensAsked(req);
    Optional<KeyBook.Choice> out = path.keysOut(target.get(), tokens);
    if (out.isPresent()) {
      record.limited(id, out.get());
      return Optional.empty();
    }
    // Nor to a route cooled or refused since the plan (a concurrent request, another replica).
    // The cut route itself is not looked at: its own attempt was just answered, then cut.
    if (!record.wasTried(id) && FailoverRun.heldOut(path.context().store(), record, id) != 0) {
      return Optional.empty();
    }
    Admission admission = path.admit(target.get());
    if (!admission.dispatch()) {
      record.shed(id, admission.retryIn());
      return Optional.empty();
    }
    long remaining = record.remainingNanos();
    if (remaining <= 0) {
      path.abandon(admission);
      throw record.deadlineExceeded();
    }
    KeyBook.Choice key = path.chooseKey(target.get(), tokens);
    if (!key.sendable()) {
      // The fleet's count took the last of every key's daily limit since the check.
      path.abandon(admission);
      record.limited(id, key);
      return Optional.empty();
    }
    int n = record.nextAttempt(id);
    AttemptPath.Sent a =
        path.dispatch(
            admission, target.get(), key.key(), req, listener, Duration.ofNanos(remaining), false);
    record.tried(id);
    if (a.answered()) {
      record.success(id, n, a.latency(), a.skippedEvents(), a.key());
      return Optional.of(
          record.result(target.get(), a.response().withContentPrefix(partial), a.adapted()));
    }
    if (a.failure().category() == FailureCategory.TOOL_EXECUTION_STOPPED) {
      // A fail-closed tool stop is terminal (docs/design.md §6): never sent to another route.
      record.attempt(id, n, a, Decision.STOP, Duration.ZERO);
      throw record.stopped(id, a.failure());
    }
    partial += a.visibleText();
    // A continuation that streamed a tool call before it failed left the caller part of a call no
    // other route can finish: a partial answer with tool calls is not continued (ADR 0014).
    boolean toolCalls = a.visibleToolCalls();
    record.attempt(id, n, a, last || toolCalls ? Decision.STOP : Decision.FAILOVER, Duration.ZERO);
    if (toolCalls) {
      throw record.stopped(cut.id(), original);
    }
    return Optional.empty();
  }
}
