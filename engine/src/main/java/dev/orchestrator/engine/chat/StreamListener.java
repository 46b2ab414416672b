package dev.orchestrator.engine.chat;

import dev.orchestrator.engine.catalog.Protocol;
import java.util.List;

/**
 * Receives a streamed answer as it arrives. Calls come from the thread running the attempt, in
 * order; implementations need not be thread-safe but must be quick.
 *
 * <p>The first call of any method is the point of no return: once visible output (text, reasoning,
 * a refusal or a tool-call fragment) has reached the caller, a failure is never retried or failed
 * over (docs/design.md §5), it ends the stream with an explicit error.
 *
 * <p>Tool calls arrive twice, in two shapes, so that each listener can take the one it needs:
 * {@link #onToolCallDelta} as OpenAI's incremental fragments while they stream, and {@link
 * #onToolCall} once per call when its arguments are complete.
 */
@FunctionalInterface
public interface StreamListener {
  /**
   * An attempt is about to be sent: what follows, up to the next call of this method, comes from
   * {@code route}. Not visible output. Called by the engine on the request's thread, before the
   * attempt's first delta (OkHttp's {@code EventListener} style: the caller learns which route is
   * speaking without wrapping the provider clients).
   *
   * @param route the route id ({@code provider/model})
   * @param attempt the request's attempts so far, this one included (1-based, over every route)
   */
  default void onAttemptStart(String route, int attempt) {}

  /**
   * What the attempt that is starting changed or left out of the request's history so that its
   * route's provider family accepts it (docs/design.md §13), one {@code messages[i]…: what (why)}
   * entry per change; called by the provider client before the request is sent, only when something
   * was adapted. Not visible output: it lets a server name the adaptation in the answer's headers,
   * which go out before the first byte.
   */
  default void onAdapted(List<String> adapted) {}

  /**
   * Session affinity put {@code route}, the route that last answered this conversation, first in
   * the plan (docs/design.md §5): called once, before the first attempt, only when it applied. Not
   * visible output; a front names the route in its answer's headers ({@code
   * x-orchestrator-affinity}), streamed or not.
   *
   * @param route the route id the session is kept on
   */
  default void onAffinity(String route) {}

  /**
   * The upstream's identifiers of the answer that is starting, as soon as the stream names them
   * (before its first delta). Not visible output: an attempt that fails after this may still be
   * failed over, and the next attempt reports its own. Either value may be {@code null}.
   *
   * @param id the answer's upstream id ({@code chatcmpl-…}, {@code msg_…})
   * @param systemFingerprint the upstream's {@code system_fingerprint}
   */
  default void onResponseMetadata(String id, String systemFingerprint) {}

  /**
   * The usage the upstream reported as the answer started, before its first delta (Anthropic's
   * {@code message_start}: the input and cache counts); called after {@link #onResponseMetadata},
   * only when the stream reported some. Not visible output: an attempt that fails after this may
   * still be failed over. The whole answer's usage is the result's.
   *
   * @param usage the usage so far, in the engine's meaning ({@link Usage})
   */
  default void onUsage(Usage usage) {}

  /** A piece of visible assistant text. */
  void onContent(String delta);

  /** A completed tool call (delivered once its arguments are complete). */
  default void onToolCall(ToolCall call) {}

  /** A fragment of a tool call as it streams (index; id and name first; argument text after). */
  default void onToolCallDelta(ToolCallDelta delta) {}

  /** A piece of the model's reasoning ({@code reasoning_content}; Anthropic thinking). */
  default void onReasoning(String delta) {}

  /**
   * The provider's signature of the reasoning block just streamed (Anthropic's {@code
   * signature_delta}): it ends that block, and a reasoning piece after it starts a new one. Not
   * visible output on its own.
   */
  default void onReasoningSignature(String signature) {}

  /**
   * A reasoning block the provider withheld (Anthropic's {@code redacted_thinking}), as its
   * encrypted data; replayable only to the protocol that issued it.
   */
  default void onRedactedReasoning(String data) {}

  /** A piece of the model's refusal. */
  default void onRefusal(String delta) {}

  /**
   * A content block the engine does not model (Anthropic's {@code server_tool_use}, {@code
   * web_search_tool_result}…), whole, as the route's protocol wrote it: a relay of the same
   * protocol passes it on unchanged (docs/design.md §12), others skip it. Visible output.
   *
   * @param protocol the protocol {@code blockJson} is written in
   * @param blockJson the block as JSON text
   */
  default void onNativeBlock(Protocol protocol, String blockJson) {}

  /**
   * A delta to the text the engine does not model (Anthropic's {@code citations_delta}, for the
   * text block streaming now; OpenAI chat completions: an object of a chunk's delta fields the
   * engine does not model, such as OpenRouter's {@code reasoning_details}), as the route's protocol
   * wrote it: a relay of the same protocol passes it on unchanged, others skip it. Visible output.
   *
   * @param protocol the protocol {@code deltaJson} is written in
   * @param deltaJson the delta as JSON text
   */
  default void onNativeDelta(Protocol protocol, String deltaJson) {}

  /**
   * The token log probabilities the upstream sent with the deltas that follow ({@code
   * choices[0].logprobs} of one chunk, as JSON text: {@code {"content":[…]}} or {@code
   * {"refusal":[…]}}), delivered just before those deltas so a relay can keep them on the same
   * chunk. Only when the request asked for {@code logprobs}; not visible output on its own.
   *
   * @param logprobsJson the chunk's {@code logprobs} object, never {@code null}
   */
  default void onLogprobs(String logprobsJson) {}

  /**
   * The deltas delivered from now until {@link #onBatchEnd} were read from the upstream together
   * (one read of the socket): a relay may write them as one and flush once at the end, since
   * nothing delivered in between waits on the upstream. A provider client that never calls this
   * leaves every delta to be flushed on its own. Default: nothing.
   */
  default void onBatchStart() {}

  /**
   * The end of what {@link #onBatchStart} began: the next delta may take a while, so a relay that
   * held the batch's output flushes it now. Called even when the batch ended in a failure. Default:
   * nothing.
   */
  default void onBatchEnd() {}
}
