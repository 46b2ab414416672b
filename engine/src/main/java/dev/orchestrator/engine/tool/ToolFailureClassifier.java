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
 *   <li>Wording, last resort: it fills a gap (no typed evidence at all) or <em>tightens</em> a
 *       decision to fail closed (a 500 saying "permission denied" is not handed to another agent).
 *       It never loosens one: wording cannot turn a fail-closed decision into a failover or a
 *       retry, and never overrides a framework's declared kind. An HTTP status a client printed in
 *       the message ({@link #printedStatus(String)}), with no typed status beside it, is read
 *       through the status table, and counts only where it fails closed.
 *   <li>Otherwise {@code unknown}: fail over (no evidence, no reason to stop the work).
 * </ol>
 */
public final class ToolFailureClassifier {

  /** The shared instance. */
  public static final ToolFailureClassifier INSTANCE = new ToolFailureClassifier();

  /** Characters of wording read at most; the rest cannot change a decision. */
  static final int MAX_WORDING_CHARS = 4096;

  private record TypeRow(Class<? extends Throwable> type, ToolFailureKind kind) {}

  /**
   * One meaning: its phrases, any of which occurring in the lower-cased wording counts, and a
   * pattern for the phrasings a list cannot enumerate ({@code null} when the phrases suffice).
   */
  private record WordingRow(ToolFailureKind kind, List<String> phrases, Pattern pattern) {
    WordingRow(ToolFailureKind kind, List<String> phrases) {
      this(kind, phrases, null);
    }

    boolean matches(String text) {
      for (String phrase : phrases) {
        if (text.contains(phrase)) {
          return true;
        }
      }
      return pattern != null && pattern.matcher(text).find();
    }
  }

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

  // First row with a matching phrase wins; the fail-closed kinds come first.
  private static final List<WordingRow> WORDING =
      List.of(
          new WordingRow(
              AMBIGUOUS_OUTCOME,
              List.of(
                  "outcome unknown",
                  "unknown outcome",
                  "outcome is unknown",
                  "result is unknown",
                  "may or may not have been applied",
                  "may have completed",
                  "might have completed",
                  "may have succeeded",
                  "may have been applied",
                  "may have been executed",
                  // a call cancelled or aborted once sent, an answer that never came: whether it
                  // ran cannot be known ("MCP error -32000: Request was cancelled", "AbortError:
                  // This operation was aborted", Go's "context canceled", "SSE stream ended without
                  // a response", "request terminated without response")
                  "was cancelled",
                  "was canceled",
                  "request cancelled",
                  "request canceled",
                  "context canceled",
                  "task cancelled",
                  "operation was aborted",
                  "request aborted",
                  "aborterror",
                  "without a response",
                  "without response",
                  "without a reply",
                  // a command interrupted, killed by a signal or aborted while it ran ("Command
                  // terminated by signal: SIGTERM", "Signal: SIGKILL", "Tool call aborted", "Bash
                  // session was likely interrupted")
                  "interrupted",
                  "terminated by signal",
                  "killed by signal",
                  "signal: sigkill",
                  "signal: sigterm",
                  "call aborted",
                  "cancelled by user",
                  "canceled by user",
                  "aborted a request"),
              // The word itself, as the runtimes say it ("Cancelled", "Operation canceled",
              // Python's "asyncio.exceptions.CancelledError" and "KeyboardInterrupt"), and a
              // command killed by any signal: execa's "Command was killed with SIGKILL", Python's
              // "died with <Signals.SIGKILL: 9>" and "returned non-zero exit status -15", bash's
              // "Killed", a crash's "Segmentation fault (core dumped)", and a shell's exit code
              // 128 + SIGINT, SIGKILL or SIGTERM (130, 137, 143).
              Pattern.compile(
                  "\\bcancell?ed\\b|\\bcancellederror\\b|\\bkeyboardinterrupt\\b|\\bkilled\\b"
                      + "|\\bdied with <signals\\.|\\bsegmentation fault\\b|\\bcore dumped\\b"
                      + "|\\bexit(?:ed)?(?: with)? (?:code|status)[:= ]*(?:-\\d+|130|137|143)\\b")),
          new WordingRow(
              POLICY_BLOCKED,
              List.of(
                  "blocked by policy",
                  "denied by policy",
                  "not allowed by policy",
                  "policy violation",
                  "violates policy",
                  // a call the user or a hook refused before it ran ("Action has been rejected by
                  // the user!", "Code execution was not approved", "The tool call was denied",
                  // "Tool execution blocked by hook")
                  "rejected by the user",
                  "was not approved",
                  "call was denied",
                  "blocked by hook",
                  "injection detected"),
              // "command blocked by bash safety policy"
              Pattern.compile("\\bblocked by [^\\n]{0,30}?\\bpolicy\\b")),
          new WordingRow(
              PERMISSION_DENIED,
              List.of(
                  "permission denied",
                  "access denied",
                  "access is denied",
                  "forbidden",
                  "unauthorized",
                  "not authorized",
                  "authorization failed",
                  "insufficient permissions",
                  "operation not permitted",
                  "eacces",
                  // an agent's shell guard refusing a command
                  "permission check failed",
                  "berechtigung verweigert",
                  "权限被拒绝",
                  "拒绝访问")),
          // The tool ran and its output did not match its declared schema ("Output validation
          // error", "has an output schema but did not return structured content"): read before the
          // arguments' validation words, which the same messages hold.
          new WordingRow(
              EXECUTION_FAILED,
              List.of(
                  "output validation",
                  "output schema",
                  "outputschema",
                  "structured content",
                  "structured output",
                  "result validation failed")),
          new WordingRow(
              INVALID_ARGUMENTS,
              List.of(
                  "invalid argument",
                  "invalid parameter",
                  "invalid input",
                  "missing required",
                  "validation failed",
                  // JSON-schema validation of the arguments: JSON-RPC -32602, MCP SDKs,
                  // python-jsonschema, ajv
                  "invalid params",
                  "input validation error",
                  "schema validation",
                  "does not match the schema",
                  "is a required property",
                  "must have required property",
                  "is not of type",
                  "additional properties are not allowed",
                  "must not have additional properties",
                  "invalid request param",
                  "failed to deserialize parameters",
                  "arguments must be",
                  // an agent's parser refusing the call's arguments ("Your action could not be
                  // parsed properly: Required argument(s) missing", "Invalid JSON input for tool",
                  // "Argument path is not in the tool's input schema")
                  "could not be parsed",
                  "argument(s) missing",
                  "unexpected argument",
                  "invalid json input",
                  "arguments are not valid json",
                  "not in the tool's input schema")),
          new WordingRow(
              TOOL_NOT_FOUND,
              List.of(
                  "tool not found",
                  "unknown tool",
                  "no such tool",
                  "command not found",
                  "method not found",
                  "does not support tools",
                  "unknown mcp server",
                  // an agent's registry without the tool named ("Tool read_fle is not registered",
                  // "You tried to use the tool read_fle, but it doesn't exist")
                  "is not registered",
                  "tried to use the tool"),
              // "MCP error -32602: Tool X not found", "MCP error -32601: Tools not supported"
              Pattern.compile(
                  "\\btool\\b[^\\n:]{0,60}?\\bnot found\\b|\\btools? not supported\\b|-32601\\b")),
          // An MCP server that cannot be reached never ran the call: another agent may.
          new WordingRow(
              TOOL_UNAVAILABLE,
              List.of(
                  "mcp server is not connected",
                  "mcp server not connected",
                  "not connected to mcp server",
                  "failed to connect to mcp server",
                  "could not connect to mcp server",
                  "mcp server unreachable",
                  "mcp server is unreachable",
                  "mcp server is not running",
                  // a client with no live session yet or any more, a server switched off: the
                  // call was never sent ("Not connected", "Server not initialized", "MCP server
                  // \"filesystem\" is disabled", "Transport has already been closed.")
                  "not connected",
                  "not initialized",
                  "failed to initialize",
                  "is disabled",
                  "connection not found",
                  "no connection found",
                  "has already been closed",
                  "executable file not found",
                  // Node's connect that timed out, a name that did not resolve: nothing was sent
                  // (read before "etimedout", a timeout of a call in flight)
                  "connect etimedout"),
              // The same meaning in any phrasing: connecting, starting or spawning the server
              // failed, its discovery failed, its program is missing. Read before "connection
              // closed", which alone means a call in flight was cut.
              Pattern.compile(
                  "\\b(?:failed|unable|could not|couldn't|cannot|error)\\b (?:to |while |when )?"
                      + "(?:connect(?:ing)?|start(?:ing)?|spawn(?:ing)?|launch(?:ing)?)\\b"
                      + "|\\berror during discovery\\b|\\bconnection failed for\\b"
                      + "|\\bprogram not found\\b|\\bspawn\\b[^\\n]{0,60}?\\benoent\\b"
                      // a name that did not resolve (not "FileNotFoundError")
                      + "|\\b(?:enotfound|eai_again)\\b")),
          new WordingRow(
              RATE_LIMITED,
              List.of("rate limit", "too many requests", "throttl", "too many in-flight")),
          new WordingRow(
              TIMEOUT,
              List.of(
                  "timed out",
                  "timeout",
                  "deadline exceeded",
                  "maximum execution time",
                  // Node's "read ETIMEDOUT", child_process's "spawnSync /bin/sh ETIMEDOUT"
                  "etimedout")),
          new WordingRow(
              TRANSPORT_ERROR,
              List.of(
                  "connection reset",
                  "broken pipe",
                  "econnreset",
                  "connection closed",
                  "unexpected end of stream",
                  // a connection cut once the request was out, as HTTP clients say it: Node's
                  // "socket hang up" and "write EPIPE", undici's "other side closed", httpx's
                  // "Server disconnected without sending a response", http.client's
                  // "IncompleteRead", node-fetch's "Premature close"
                  "socket hang up",
                  "other side closed",
                  "server disconnected",
                  "write epipe",
                  "incompleteread",
                  "premature close",
                  // the transport or session cut under a call, the server gone, an answer in
                  // another shape than the protocol's ("Transport closed", "Server session was
                  // closed unexpectedly", "The server shut down unexpectedly", "Disconnected from
                  // MCP server", "Streamable HTTP error: Unexpected content type: text/html")
                  "transport closed",
                  "transport is closed",
                  "transport was closed",
                  "closed unexpectedly",
                  "shut down unexpectedly",
                  "session with server terminated",
                  "disconnected from",
                  "process exited",
                  "unexpected content type",
                  "unsupported content type",
                  "invalid mcp response")),
          new WordingRow(
              TOOL_UNAVAILABLE,
              List.of("connection refused", "econnrefused", "service unavailable", "unreachable")),
          new WordingRow(
              EXECUTION_FAILED,
              List.of(
                  "exit code",
                  "exit status",
                  "exited with",
                  "non-zero exit",
                  // the tool was called and failed, no other cause named: it may have run
                  // ("Error executing tool search_files: …", "Tool 'x' returned an error", .NET's
                  // "An error occurred invoking 'x'")
                  "error executing tool",
                  "error calling tool",
                  "returned an error",
                  "error occurred invoking",
                  "tool execution failed",
                  "call execution failed",
                  "code execution failed",
                  "reported an error",
                  "reported tool error",
                  "yielded an error",
                  "error occurred while running the tool",
                  "traceback (most recent call last)",
                  // JSON-RPC's internal error, the protocol's HTTP 500 ("MCP error -32603: Internal
                  // error")
                  "-32603")));

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
    if (declared == null && decision.action() != ToolAction.FAIL_CLOSED) {
      // Wording fills a gap or tightens to fail closed; it never loosens.
      ToolFailureKind worded = wordingKind(evidence.message());
      ToolDecision byWording = worded == null ? null : decide(worded, idempotent);
      if (byWording != null && byWording.action() == ToolAction.FAIL_CLOSED) {
        return byWording;
      }
      // A status a client printed, with no typed one beside it, only tightens: a 404 or a 429
      // printed by a web-fetch tool may be the fetched page's, not the tool's.
      Integer printed = evidence.status() == null ? printedStatus(evidence.message()) : null;
      ToolFailureKind byStatus = printed == null ? null : statusKind(printed, idempotent);
      if (byStatus != null && decide(byStatus, idempotent).action() == ToolAction.FAIL_CLOSED) {
        return decide(byStatus, idempotent);
      }
      if (byWording != null && typed == null) {
        return byWording;
      }
    }
    return decision;
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
   *   <tr><td>429, 529</td><td>{@code rate_limited}</td></tr>
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
      case 429, 529 -> RATE_LIMITED;
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

  static ToolFailureKind wordingKind(String message) {
    if (message == null || message.isBlank()) {
      return null;
    }
    String text =
        (message.length() > MAX_WORDING_CHARS ? message.substring(0, MAX_WORDING_CHARS) : message)
            .toLowerCase(Locale.ROOT);
    for (WordingRow row : WORDING) {
      if (row.matches(text)) {
        return row.kind();
      }
    }
    return null;
  }

  /**
   * An HTTP status a client printed in its message: axios "Request failed with status code 403",
   * python-requests "409 Client Error: Conflict for url", httpx "Server error '500 Internal Server
   * Error'", urllib "HTTP Error 401", the MCP TypeScript SDK "Error POSTing to endpoint (HTTP 500)"
   * and "Non-200 status code (502)", the MCP Java SDK "non-OK HTTP code: 500", {@code
   * HttpURLConnection} "Server returned HTTP response code: 500", Spring's WebClient "500 Internal
   * Server Error from POST"; or a message that is only a reason phrase ("Internal Server Error").
   * Only 4xx and 5xx count.
   */
  static Integer printedStatus(String message) {
    if (message == null || message.isBlank()) {
      return null;
    }
    String text =
        (message.length() > MAX_WORDING_CHARS ? message.substring(0, MAX_WORDING_CHARS) : message)
            .toLowerCase(Locale.ROOT);
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
      Pattern.compile(
          "(?:\\bstatus(?: code)?|\\bhttp(?:/\\d(?:\\.\\d)?)?(?: error| code| status(?: code)?)?"
              + "|\\bresponse code|\\berror code)[\\s:=('\"]*([45]\\d\\d)\\b"
              + "|\\b([45]\\d\\d) (?:client error|server error|bad request|unauthorized|forbidden"
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
