package dev.orchestrator.engine.tool;

import static dev.orchestrator.engine.tool.ToolFailureKind.AMBIGUOUS_OUTCOME;
import static dev.orchestrator.engine.tool.ToolFailureKind.EXECUTION_FAILED;
import static dev.orchestrator.engine.tool.ToolFailureKind.INVALID_ARGUMENTS;
import static dev.orchestrator.engine.tool.ToolFailureKind.PERMISSION_DENIED;
import static dev.orchestrator.engine.tool.ToolFailureKind.POLICY_BLOCKED;
import static dev.orchestrator.engine.tool.ToolFailureKind.RATE_LIMITED;
import static dev.orchestrator.engine.tool.ToolFailureKind.TIMEOUT;
import static dev.orchestrator.engine.tool.ToolFailureKind.TOOL_NOT_FOUND;
import static dev.orchestrator.engine.tool.ToolFailureKind.TOOL_UNAVAILABLE;
import static dev.orchestrator.engine.tool.ToolFailureKind.TRANSPORT_ERROR;
import static dev.orchestrator.engine.tool.ToolFailureKind.UNKNOWN;

import dev.orchestrator.engine.internal.Regexes;
import java.io.EOFException;
import java.io.FileNotFoundException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.PortUnreachableException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileLockInterruptionException;
import java.nio.channels.InterruptedByTimeoutException;
import java.nio.channels.UnresolvedAddressException;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;

/**
 * Decides what to do after a tool failure (docs/design.md §6, ADR 0001). Fails closed: when
 * replaying a call could do its damage twice, or handing it to another agent could bypass a
 * permission or policy decision, the answer is {@link ToolAction#FAIL_CLOSED}. Thread-safe and
 * stateless.
 *
 * <p>This classifier accepts tool evidence only. It has no entry point for a provider (model)
 * failure — {@link dev.orchestrator.engine.failure.ProviderFailure} is a different type decided by
 * the provider classifier — and the provider classifier never sees tool failures.
 *
 * <h2>Evidence, strongest first</h2>
 *
 * <ol>
 *   <li>An explicit outcome-unknown signal ({@link ToolFailureException#outcomeUnknown()} anywhere
 *       in the cause chain) wins over everything: {@code ambiguous_outcome}, fail closed. A {@link
 *       ToolExecutionStoppedException} in the chain is a stop already decided and is returned as it
 *       is.
 *   <li>The structured type: the first {@link ToolFailureException} in the chain whose kind is not
 *       {@code unknown}. Any structured failure saying non-idempotent makes the call
 *       non-idempotent, whatever the {@link ToolSpec} says.
 *   <li>The exception type, first match along the chain (see {@link ToolExceptionType}); in
 *       addition {@link InterruptedException}, {@link InterruptedIOException} (other than a socket
 *       timeout), {@link CancellationException} and an NIO channel's {@link
 *       ClosedByInterruptException} and {@link FileLockInterruptionException} mean {@code
 *       ambiguous_outcome} (a call interrupted or cancelled while it ran may or may not have done
 *       its work, message or not), {@link AccessDeniedException} and {@link SecurityException} mean
 *       {@code permission_denied}, {@link IllegalArgumentException} means {@code invalid_arguments}
 *       (a framework's argument validation throws it; failing closed is the safe reading of a bug
 *       that throws it too), and {@link NoSuchFileException} / {@link FileNotFoundException} mean
 *       {@code execution_failed}: a missing file is something the tool ran into, not a missing
 *       tool, so it never earns a failover to re-run a side effect.
 *   <li>The HTTP status of the first {@link HasHttpStatus} in the chain — see {@link
 *       #statusKind(int)}; a 405 from an idempotent tool endpoint is {@code tool_unavailable} (the
 *       agent may fail over), not invalid arguments.
 *   <li>Wording, last resort, read by meaning in nine languages ({@code ToolFailureWording}): it
 *       fills a gap (no typed evidence at all) or <em>tightens</em> a decision to fail closed (a
 *       500 saying "permission denied" is not handed to another agent). It never loosens one:
 *       wording cannot turn a fail-closed decision into a failover or a retry, and never overrides
 *       a framework's declared kind. An HTTP status a client printed in the message ({@link
 *       #printedStatus(String)}), with no typed status beside it, is read through the status table,
 *       and counts only where it fails closed.
 *   <li>With no typed evidence and no row read, the most general words ({@link
 *       ToolFailureWording#lastResortKind(String)}: "invalid", "must be", "not supported" as {@code
 *       invalid_arguments}; "failed to", "not found", "does not exist" as {@code
 *       execution_failed}), when no status is printed either.
 *   <li>Otherwise {@code unknown}: fail over (no evidence, no reason to stop the work).
 * </ol>
 */
public final class ToolFailureClassifier {

  /** The shared instance. */
  public static final ToolFailureClassifier INSTANCE = new ToolFailureClassifier();

  /** Characters of wording read at most; the rest cannot change a decision. */
  static final int MAX_WORDING_CHARS = 4096;

  private record TypeRow(Class<? extends Throwable> type, ToolFailureKind kind) {}

  // First match wins, so subclasses come before their superclasses.
  private static final List<TypeRow> TYPES =
      List.of(
          new TypeRow(HttpConnectTimeoutException.class, TOOL_UNAVAILABLE),
          new TypeRow(HttpTimeoutException.class, TIMEOUT),
          new TypeRow(SocketTimeoutException.class, TIMEOUT),
          new TypeRow(TimeoutException.class, TIMEOUT),
          // An asynchronous channel's read or write that timed out.
          new TypeRow(InterruptedByTimeoutException.class, TIMEOUT),
          // Interrupted or cancelled while it ran: whether its effect happened cannot be known.
          // InterruptedIOException after SocketTimeoutException, its subclass (a timeout).
          new TypeRow(InterruptedException.class, AMBIGUOUS_OUTCOME),
          new TypeRow(InterruptedIOException.class, AMBIGUOUS_OUTCOME),
          new TypeRow(CancellationException.class, AMBIGUOUS_OUTCOME),
          // An NIO channel's form of the same interrupt (before ClosedChannelException, its
          // superclass): the thread was interrupted in the channel's I/O.
          new TypeRow(ClosedByInterruptException.class, AMBIGUOUS_OUTCOME),
          new TypeRow(FileLockInterruptionException.class, AMBIGUOUS_OUTCOME),
          new TypeRow(ConnectException.class, TOOL_UNAVAILABLE),
          new TypeRow(NoRouteToHostException.class, TOOL_UNAVAILABLE),
          new TypeRow(PortUnreachableException.class, TOOL_UNAVAILABLE),
          new TypeRow(UnknownHostException.class, TOOL_UNAVAILABLE),
          new TypeRow(UnresolvedAddressException.class, TOOL_UNAVAILABLE),
          new TypeRow(SSLHandshakeException.class, TOOL_UNAVAILABLE),
          new TypeRow(RejectedExecutionException.class, TOOL_UNAVAILABLE),
          new TypeRow(SocketException.class, TRANSPORT_ERROR),
          new TypeRow(EOFException.class, TRANSPORT_ERROR),
          new TypeRow(ClosedChannelException.class, TRANSPORT_ERROR),
          new TypeRow(SSLException.class, TRANSPORT_ERROR),
          new TypeRow(AccessDeniedException.class, PERMISSION_DENIED),
          new TypeRow(SecurityException.class, PERMISSION_DENIED),
          new TypeRow(NoSuchFileException.class, EXECUTION_FAILED),
          new TypeRow(FileNotFoundException.class, EXECUTION_FAILED),
          new TypeRow(IllegalArgumentException.class, INVALID_ARGUMENTS));

  private ToolFailureClassifier() {}

  /**
   * Classifies observed evidence. Never throws for a non-null argument.
   *
   * @param evidence what was observed
   * @return the decision
   */
  public ToolDecision classify(ToolFailureEvidence evidence) {
    Objects.requireNonNull(evidence, "evidence");
    boolean idempotent = evidence.idempotent();
    ToolFailureKind declared = evidence.declaredKind() == UNKNOWN ? null : evidence.declaredKind();
    ToolFailureKind typed = declared;
    if (typed == null) {
      typed = evidence.exceptionKind() == UNKNOWN ? null : evidence.exceptionKind();
    }
    if (typed == null && evidence.status() != null) {
      typed = statusKind(evidence.status(), idempotent);
    }
    if (evidence.outcomeUnknown()) {
      return ambiguous(typed == null ? AMBIGUOUS_OUTCOME : typed);
    }
    ToolDecision decision = decide(typed == null ? UNKNOWN : typed, idempotent);
    if (declared != null || decision.action() == ToolAction.FAIL_CLOSED) {
      return decision;
    }
    String text = readable(evidence.message());
    if (text == null) {
      return decision;
    }
    // Wording fills a gap or tightens to fail closed; it never loosens.
    ToolFailureKind worded = ToolFailureWording.kind(text);
    ToolDecision byWording = worded == null ? null : decide(worded, idempotent);
    if (byWording != null && byWording.action() == ToolAction.FAIL_CLOSED) {
      return byWording;
    }
    // A status a client printed, with no typed one beside it, only tightens: a 404 or a 429
    // printed by a web-fetch tool may be the fetched page's, not the tool's.
    Integer printed = evidence.status() == null ? printedStatus(text) : null;
    ToolDecision byStatus =
        printed == null ? null : decide(statusKind(printed, idempotent), idempotent);
    if (byStatus != null && byStatus.action() == ToolAction.FAIL_CLOSED) {
      return byStatus;
    }
    if (typed != null) {
      return decision;
    }
    if (byWording != null) {
      return byWording;
    }
    // The most general words ("invalid", "failed to", "not found") fill a gap last, where no
    // status was printed: "Request failed with status code 404" keeps the failover of a status
    // that does not fail closed.
    ToolFailureKind general = printed == null ? ToolFailureWording.lastResortKind(text) : null;
    return general == null ? decision : decide(general, idempotent);
  }

  /**
   * Classifies an exception a tool call threw, reading its cause chain (at most {@value
   * CauseChain#MAX_DEPTH} links deep, each throwable once, suppressed context after the causes).
   * Never throws for non-null arguments.
   *
   * @param failure what the call threw
   * @param spec the tool and whether its calls are idempotent
   * @return the decision
   */
  public ToolDecision classify(Throwable failure, ToolSpec spec) {
    Objects.requireNonNull(failure, "failure");
    Objects.requireNonNull(spec, "spec");
    List<Throwable> chain = CauseChain.walk(failure);
    ToolFailureEvidence evidence = ToolFailureEvidence.of(spec.idempotent());
    ToolFailureKind declared = null;
    ToolFailureKind typeKind = null;
    Integer status = null;
    StringBuilder wording = new StringBuilder();
    for (Throwable t : chain) {
      if (t instanceof ToolExecutionStoppedException) {
        return ((ToolExecutionStoppedException) t).decision();
      }
      // A structured failure's own text is not evidence (its fields are); nor is a message that
      // only repeats the cause's class name.
      if (t instanceof ToolFailureException) {
        ToolFailureException f = (ToolFailureException) t;
        if (!f.idempotent()) {
          evidence = evidence.withIdempotent(false);
        }
        if (f.outcomeUnknown()) {
          evidence = evidence.withOutcomeUnknown(true);
        }
        if (declared == null && f.kind() != UNKNOWN) {
          declared = f.kind();
        }
      } else if (!messageIsJustTheCause(t)) {
        appendWording(wording, t.getMessage());
      }
      if (typeKind == null) {
        typeKind = typeKind(t);
      }
      if (status == null && t instanceof HasHttpStatus) {
        int s = ((HasHttpStatus) t).httpStatus();
        status = s >= 100 && s <= 599 ? s : null;
      }
    }
    return classify(
        evidence
            .withDeclaredKind(declared)
            .withExceptionKind(typeKind)
            .withStatus(status)
            .withMessage(wording.length() == 0 ? null : wording.toString()));
  }

  /**
   * The HTTP status table: what a tool server's status is evidence of, or {@code null} for a status
   * that is no failure evidence (1xx–3xx, or outside 100..599).
   *
   * <table>
   *   <caption>Status to kind</caption>
   *   <tr><th>status</th><th>kind</th></tr>
   *   <tr><td>401, 403, 407</td><td>{@code permission_denied}</td></tr>
   *   <tr><td>404, 410, 501</td><td>{@code tool_not_found}</td></tr>
   *   <tr><td>408, 504, 524, 598, 599</td><td>{@code timeout}</td></tr>
   *   <tr><td>423, 451</td><td>{@code policy_blocked}</td></tr>
   *   <tr><td>402, 429, 529</td><td>{@code rate_limited} (402: the tool API's credits or plan
   *       used up, a cap on its use)</td></tr>
   *   <tr><td>502, 503</td><td>{@code transport_error}</td></tr>
   *   <tr><td>521, 522, 523, 525, 526</td><td>{@code tool_unavailable} (never connected)</td></tr>
   *   <tr><td>409, 500, any other 5xx</td><td>{@code execution_failed}</td></tr>
   *   <tr><td>400, 422, any other 4xx</td><td>{@code invalid_arguments}</td></tr>
   * </table>
   *
   * <p>{@link #statusKind(int, boolean)} reads 405 from an idempotent endpoint as {@code
   * tool_unavailable}.
   */
  static ToolFailureKind statusKind(int status, boolean idempotent) {
    // 405 from an idempotent endpoint: this server does not take the method, so nothing ran and
    // another agent's tool may. From a non-idempotent one it stays a settled invalid_arguments.
    return status == 405 && idempotent ? TOOL_UNAVAILABLE : statusKind(status);
  }

  static ToolFailureKind statusKind(int status) {
    if (status < 400 || status > 599) {
      return null;
    }
    return switch (status) {
      case 401, 403, 407 -> PERMISSION_DENIED;
      case 404, 410, 501 -> TOOL_NOT_FOUND;
      case 408, 504, 524, 598, 599 -> TIMEOUT;
      case 423, 451 -> POLICY_BLOCKED;
      // 402: the tool's API refused the call for its account's credits or plan, a cap on its use
      case 402, 429, 529 -> RATE_LIMITED;
      case 502, 503 -> TRANSPORT_ERROR;
      case 409, 500 -> EXECUTION_FAILED;
      case 521, 522, 523, 525, 526 -> TOOL_UNAVAILABLE;
      default -> status < 500 ? INVALID_ARGUMENTS : EXECUTION_FAILED;
    };
  }

  /**
   * The decision table (ADR 0001). A non-idempotent timeout or transport error is rewritten here to
   * {@code ambiguous_outcome}, keeping what was observed in {@code observedKind}.
   */
  static ToolDecision decide(ToolFailureKind kind, boolean idempotent) {
    return switch (kind) {
      case AMBIGUOUS_OUTCOME -> ambiguous(kind);
      case TOOL_NOT_FOUND, TOOL_UNAVAILABLE -> failover(kind, true);
      case INVALID_ARGUMENTS, PERMISSION_DENIED, POLICY_BLOCKED -> failClosed(kind);
      case TIMEOUT, TRANSPORT_ERROR -> idempotent ? retry(kind) : ambiguous(kind);
      case RATE_LIMITED -> idempotent ? retry(kind) : failover(kind, true);
      case EXECUTION_FAILED -> idempotent ? failover(kind, true) : failClosed(kind);
      case UNKNOWN -> failover(kind, idempotent);
    };
  }

  /** Whether the failure says something about the agent's health rather than about the call. */
  static boolean countsAgainstHealth(ToolFailureKind observed) {
    return switch (observed) {
      case TOOL_UNAVAILABLE,
          TIMEOUT,
          RATE_LIMITED,
          TRANSPORT_ERROR,
          EXECUTION_FAILED,
          AMBIGUOUS_OUTCOME,
          UNKNOWN ->
          true;
      case TOOL_NOT_FOUND, INVALID_ARGUMENTS, PERMISSION_DENIED, POLICY_BLOCKED -> false;
    };
  }

  private static ToolDecision retry(ToolFailureKind kind) {
    return ToolDecision.of(
        kind, kind, ToolAction.RETRY_SAME_AGENT, true, countsAgainstHealth(kind));
  }

  private static ToolDecision failover(ToolFailureKind kind, boolean retrySafe) {
    return ToolDecision.of(
        kind, kind, ToolAction.FAILOVER_AGENT, retrySafe, countsAgainstHealth(kind));
  }

  private static ToolDecision failClosed(ToolFailureKind kind) {
    return ToolDecision.of(kind, kind, ToolAction.FAIL_CLOSED, false, countsAgainstHealth(kind));
  }

  private static ToolDecision ambiguous(ToolFailureKind observed) {
    return ToolDecision.of(
        AMBIGUOUS_OUTCOME, observed, ToolAction.FAIL_CLOSED, false, countsAgainstHealth(observed));
  }

  private static ToolFailureKind typeKind(Throwable t) {
    for (TypeRow row : TYPES) {
      if (row.type().isInstance(t)) {
        return row.kind();
      }
    }
    return null;
  }

  // The message as the wording rows and the printed status read it: its first MAX_WORDING_CHARS,
  // lower-cased; null when there is none.
  private static String readable(String message) {
    if (message == null || message.isBlank()) {
      return null;
    }
    return (message.length() > MAX_WORDING_CHARS
            ? message.substring(0, MAX_WORDING_CHARS)
            : message)
        .toLowerCase(Locale.ROOT);
  }

  /**
   * An HTTP status a client printed in its message: axios "Request failed with status code 403",
   * python-requests "409 Client Error: Conflict for url", httpx "Server error '500 Internal Server
   * Error'", urllib "HTTP Error 401", the MCP TypeScript SDK "Error POSTing to endpoint (HTTP 500)"
   * and "Non-200 status code (502)", the MCP Java SDK "non-OK HTTP code: 500", {@code
   * HttpURLConnection} "Server returned HTTP response code: 500", Spring's WebClient "500 Internal
   * Server Error from POST", a tool's "GitHub API error: 401", "googleapi: Error 400" or "502: Bad
   * Gateway" or "request failed: 401"; or a message that is only a reason phrase ("Internal Server
   * Error"). Only 4xx and 5xx count.
   *
   * @param text the message, as {@link #readable(String)} gives it
   */
  static Integer printedStatus(String text) {
    Matcher m = PRINTED_STATUS.matcher(text);
    if (m.find()) {
      return Integer.valueOf(m.group(1) != null ? m.group(1) : m.group(2));
    }
    String phrase = text.strip();
    if (phrase.endsWith(".")) {
      phrase = phrase.substring(0, phrase.length() - 1);
    }
    return REASON_PHRASES.get(phrase);
  }

  private static final Pattern PRINTED_STATUS =
      Regexes.compile(
          "(?:\\bstatus(?: code)?|\\bhttp(?:/\\d(?:\\.\\d)?)?(?: error| code| status(?: code)?)?"
              + "|\\bresponse code|\\berror(?: code)?|\\brequest failed)[\\s:=('\"]*([45]\\d\\d)\\b"
              + "|\\b([45]\\d\\d):? (?:client error|server error|bad request|unauthorized|forbidden"
              + "|proxy authentication required|conflict|precondition failed|payload too large"
              + "|unprocessable (?:entity|content)|locked|unavailable for legal reasons"
              + "|internal server error|bad gateway|service unavailable|gateway time-?out)\\b");

  // A message that is only a reason phrase, as a server's default error page or body says it.
  private static final Map<String, Integer> REASON_PHRASES =
      Map.ofEntries(
          Map.entry("bad request", 400),
          Map.entry("conflict", 409),
          Map.entry("precondition failed", 412),
          Map.entry("unprocessable entity", 422),
          Map.entry("unprocessable content", 422),
          Map.entry("internal server error", 500),
          Map.entry("bad gateway", 502));

  /** {@code new RuntimeException(cause)} takes the cause's toString as its message. */
  private static boolean messageIsJustTheCause(Throwable t) {
    Throwable cause = t.getCause();
    return cause != null && cause.toString().equals(t.getMessage());
  }

  private static void appendWording(StringBuilder wording, String message) {
    if (message == null || wording.length() >= MAX_WORDING_CHARS) {
      return;
    }
    wording.append(message, 0, Math.min(message.length(), MAX_WORDING_CHARS - wording.length()));
    wording.append('\n');
  }
}
