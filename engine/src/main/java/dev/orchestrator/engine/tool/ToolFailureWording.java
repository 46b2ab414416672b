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

import dev.orchestrator.engine.internal.Regexes;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a tool failure's words mean: the wording rows {@link ToolFailureClassifier} reads when no
 * typed evidence decides, or to tighten a decision to fail closed (docs/design.md §6, ADR 0043).
 * Each row is one meaning, in English and in the languages agents and MCP hosts print. The first
 * row that matches wins: the refusals and the outcomes that cannot be known come first, and a row
 * read before another holds the words that would otherwise read as the other's.
 */
final class ToolFailureWording {
  private ToolFailureWording() {}

  /**
   * The kind the wording names and the words that named it, or {@code null} when no row reads it.
   *
   * @param text the failure's wording, lower-cased and cut to {@link
   *     ToolFailureClassifier#MAX_WORDING_CHARS}
   */
  static Reading read(String text) {
    Match match = firstMatch(ROWS, text);
    if (match == null) {
      return null;
    }
    // a host's words that the call failed name no cause; the tool's own words after them may still
    // say its arguments were wrong ("Error executing tool get_model_details: Either name or
    // unique_id must be provided")
    if (match.row() == CALL_FAILED) {
      String asked = VALUE_ASKED_OTHERWISE.found(text);
      if (asked != null) {
        return new Reading(INVALID_ARGUMENTS, asked);
      }
    }
    return new Reading(match.row().kind(), match.words());
  }

  /**
   * What a row read: the kind, and the phrase or the pattern's match that decided.
   *
   * @param kind the kind the words name
   * @param words the words read, as they occur in the lower-cased wording
   */
  record Reading(ToolFailureKind kind, String words) {}

  /**
   * A host's or a framework's words that the tool was called and failed, no other cause named: it
   * may have run ("Error executing tool search_files: …", "Tool 'x' returned an error", .NET's "An
   * error occurred invoking 'x'").
   */
  private static final Row CALL_FAILED =
      new Row(
          EXECUTION_FAILED,
          List.of(
              "error executing tool",
              "error calling tool",
              "returned an error",
              "error occurred invoking",
              "reported an error",
              "reported tool error",
              "yielded an error",
              "error occurred while running the tool",
              "error occurred while executing",
              "error occurred while using the tool"));

  /**
   * One meaning: its phrases, any of which occurring in the lower-cased wording counts, and a
   * pattern for the phrasings a list cannot enumerate ({@code null} when the phrases suffice).
   */
  record Row(ToolFailureKind kind, List<String> phrases, Pattern pattern) {
    Row(ToolFailureKind kind, List<String> phrases) {
      this(kind, phrases, null);
    }

    /** The first of the row's phrases the text holds, else the pattern's match, else null. */
    String found(String text) {
      for (String phrase : phrases) {
        if (text.contains(phrase)) {
          return phrase;
        }
      }
      if (pattern != null) {
        Matcher m = pattern.matcher(text);
        if (m.find()) {
          return m.group();
        }
      }
      return null;
    }
  }

  /** The rows, first match wins (read whole by {@code ToolFailureWordingTest}). */
  static final List<Row> ROWS =
      List.of(
          // A call stopped before it started never ran, though its words say "cancelled": the
          // user or the agent's queue stopped it ("Command was cancelled by user before it could
          // start", "Tool call cancelled while in queue", "Stop button pressed. The action has not
          // been executed", "Tool execution was cancelled by the user (tool `x` was not
          // executed)"). Read before the words of a call cancelled while it ran.
          new Row(
              POLICY_BLOCKED,
              List.of(
                  "before it could start",
                  "before it started",
                  "before it was started",
                  "while in queue",
                  "while queued",
                  "stop button pressed",
                  "was not executed",
                  "has not been executed",
                  // cancelled for want of a person's approval ("Operation cancelled: Human
                  // approval was not granted for sending this Slack message")
                  "approval was not granted",
                  // a user who chose not to run it ("Operation aborted: user chose not to run.")
                  "chose not to run")),
          // A call stopped because it ran out of time is a timeout, whatever verb stopped it
          // ("Command was automatically cancelled because it exceeded the timeout of 2.0
          // minutes", "The command 'npm test' was cancelled because it took more than 120
          // seconds").
          new Row(
              TIMEOUT,
              List.of(),
              Regexes.compile(
                  "\\b(?:cancell?ed|aborted|killed|terminated|stopped) because it"
                      + " (?:exceeded|took (?:more|longer) than|ran (?:longer|more) than)\\b"
                      // the time given as the cause ("Command timed out after 2m 0s" beside its
                      // exit code 143, "Command killed by timeout (60s)", "tool call exceeded
                      // 300000ms", "MCP request exceeded 20000 ms")
                      + "|\\btimed out after\\b|\\bkilled by timeout\\b"
                      // .NET's "The request was canceled due to the configured HttpClient.Timeout
                      // of 100 seconds elapsing"
                      + "|\\bcancell?ed due to\\b[^\\n]{0,40}?timeout\\b"
                      + "|\\bexceeded \\d+ ?(?:ms|s|sec|seconds|minutes)\\b"
                      // a deadline passed, an answer not given in time ("Command 'x' exceeded total
                      // deadline of 90.0s", "Unity did not respond to 'read_console' within 2.0s")
                      + "|\\bexceeded (?:the |its |total )?deadline\\b"
                      + "|\\bdid not (?:respond|terminate|finish|complete)\\b[^\\n]{0,60}?\\bwithin\\b"
                      // a stream idle past its limit, an answer not given in time ("Ollie pod
                      // stream idle for 300s (threshold 300s); aborting", "no response within the
                      // time limit")
                      + "|\\bidle for \\d+ ?(?:ms|s|sec|seconds|minutes)\\b"
                      + "|\\bno response within\\b")),
          new Row(
              AMBIGUOUS_OUTCOME,
              List.of(
                  "outcome unknown",
                  "unknown outcome",
                  "outcome is unknown",
                  "result is unknown",
                  "may have completed",
                  "might have completed",
                  "may have succeeded",
                  "may have been applied",
                  "may have been executed",
                  // a rollback that failed: what the call changed may stay ("Read-only rollback
                  // failed — data may have been modified: connection lost")
                  "rollback failed",
                  // part of the work done before the failure ("Storage failed: Rate limited after 3
                  // retries (stored 2/5 before failure)", "Batch partially applied"): whatever
                  // else the words say, running the call again would repeat the part that ran
                  "partially applied",
                  "partially completed",
                  "partially written",
                  "partially succeeded",
                  "partial success",
                  "before failure",
                  // a call cancelled or aborted once sent, an answer that never came: whether it
                  // ran cannot be known ("MCP error -32000: Request was cancelled", "AbortError:
                  // This operation was aborted", Go's "context canceled", "SSE stream ended without
                  // a response", "request terminated without response"; the words "cancelled" and
                  // "aborted" alone are read by the pattern below)
                  "aborterror",
                  "without a response",
                  "no response received",
                  // an outcome the tool says it cannot know, or a step it may not have finished
                  // ("Tool dispatch was recorded, but its outcome is indeterminate", "Session 3 may
                  // not have been terminated properly", "Upload failed - no response from server")
                  "indeterminate",
                  "may not have been",
                  "no response from server",
                  "without response",
                  "without a reply",
                  "did not produce a response",
                  // a command interrupted, killed by a signal or aborted while it ran ("Command
                  // terminated by signal: SIGTERM", "Signal: SIGKILL", "Tool call aborted", "Bash
                  // session was likely interrupted")
                  "interrupted",
                  "terminated by signal",
                  "signal: sigkill",
                  "signal: sigterm",
                  // a tool that stopped, crashed or ran out of memory under the call, or whose
                  // result never came ("The subagent was stopped by the user", "Runtime crashed
                  // and is being restarted", "The sandbox was terminated due to out-of-memory
                  // (OOM)", "MCP tool call completed without a result", "no tool output for
                  // function call", "Execution context was destroyed")
                  "stopped by the user",
                  "stopped by user",
                  "crashed",
                  "out-of-memory",
                  "out of memory",
                  "without a result",
                  "no tool output",
                  "result missing",
                  "sibling tool call",
                  "output is missing",
                  "ended without",
                  "context was destroyed",
                  // the same in the languages agents and MCP hosts print: cancelled, interrupted
                  "已取消",
                  "被取消",
                  "已中断",
                  "被中断",
                  "キャンセルされました",
                  "中断されました",
                  "취소되었습니다",
                  "중단되었습니다",
                  "отменен",
                  "отменён",
                  "прерван",
                  "cancelado",
                  "cancelada",
                  "interrumpid",
                  "interrompid",
                  "abgebrochen",
                  "unterbrochen",
                  "annulé",
                  "interrompu"),
              // The word itself, as the runtimes say it ("Cancelled", "Operation canceled",
              // Python's "asyncio.exceptions.CancelledError" and "KeyboardInterrupt"), and a
              // command killed by any signal: execa's "Command was killed with SIGKILL", Python's
              // "died with <Signals.SIGKILL: 9>" and "returned non-zero exit status -15", bash's
              // "Killed", a crash's "Segmentation fault (core dumped)", and a shell's exit code
              // 128 + SIGINT, SIGKILL or SIGTERM (130, 137, 143).
              Regexes.compile(
                  "\\bcancell?ed\\b|\\bcancellederror\\b|\\bkeyboardinterrupt\\b|\\bkilled\\b"
                      // the word "aborted" alone ("Error: Aborted!", "Grep aborted",
                      // "aborted_tools"), not a connection that aborted, which is a transport's
                      + "|\\baborted\\b(?<!connection aborted)|\\baborted_|\\boom\\b"
                      // Node's exit code of a child killed by a signal ("ripgrep exited with code
                      // null")
                      + "|\\bexit(?:ed)? with code null\\b"
                      // a connection lost while the command ran ("connection lost while running
                      // command")
                      + "|\\bconnection (?:lost|closed|reset|dropped) while running\\b"
                      // "Couldn't receive response"
                      + "|\\b(?:could not|couldn't|failed to|unable to) receive (?:a |the )?response\\b"
                      // a creation that failed with no id back: whether it was created is not known
                      // ("创建任务失败，未返回任务ID", "创建知识库节点失败，未返回节点信息")
                      + "|创建[^\\n]{0,20}?失败[^\\n]{0,6}?未返回"
                      + "|\\bdied with <signals\\.|\\bsegmentation fault\\b|\\bcore dumped\\b"
                      + "|\\bexit(?:ed)?(?: with)? (?:code|status)[:= ]*(?:-\\d+|130|137|143)\\b"
                      // "stored 2/5", "3 of 10 written"
                      + "|\\b(?:stored|applied|written|processed|completed|uploaded|sent) [1-9]\\d* ?(?:/|of)"
                      + " ?\\d+\\b|\\b[1-9]\\d* ?(?:/|of) ?\\d+ (?:stored|applied|written|processed|completed"
                      + "|uploaded|sent|succeeded)\\b")),
          new Row(
              POLICY_BLOCKED,
              List.of(
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
                  "injection detected",
                  "injection pattern",
                  // a user who did not confirm a destructive call, a read-only mode or replica, a
                  // protected branch, a lockdown ("User did not confirm the execution of the
                  // `drop-database` tool", "Repository deletion was not confirmed", "In readOnly
                  // mode you can not run pipelines with $out", "You can't write against a read only
                  // replica", "policy denied tool push_files")
                  "did not confirm",
                  "was not confirmed",
                  "confirmation did not match",
                  "readonly mode",
                  "read-only mode",
                  "read only mode",
                  "read only replica",
                  "protected branch",
                  "which is protected",
                  "restricted by",
                  "policy denied",
                  // a call the user declined or did not confirm, a path that would traverse out,
                  // code a guard calls malicious ("Money transfer wasn't confirmed by the user",
                  // "Elicitation via URL declined by user", "could lead to path traversal")
                  "confirmed by the user",
                  "declined by",
                  "path traversal",
                  "malicious",
                  // a server that refuses a flag or a write it does not allow, a block or a
                  // workspace that is read-only ("Refusing to run kubectl with flag --server",
                  // "Metadata updates are disabled", "This block is read-only and cannot be
                  // edited")
                  "refusing to",
                  // a person who declined or refused ("human agent declined to connect", "user
                  // refused to share it")
                  "declined to",
                  "user declined",
                  // a user who declined the tool itself ("The user has declined permission to use
                  // this tool"), a mode, a sandbox or an allow list that does not admit it ("Tool
                  // 'run_command' not available in current mode", "Sandbox forbids reading script
                  // files", "Command not in allowed list: 'curl'", "Operations in kube-system
                  // namespace are restricted"), a cap on the calls of one task ("Tool call limit of
                  // 10 reached", "Exceeded tool limit of 20 subtasks per task")
                  "has declined",
                  "declined permission",
                  "in current mode",
                  "sandbox forbids",
                  "not in allowed list",
                  "are restricted",
                  "tool call limit",
                  "exceeded tool limit",
                  // a flag, a config or a guard that does not allow it ("Creating roles requires
                  // --allow-write flag", "Path denied by config", "Redirects are disabled",
                  // "Redirect to a private or local address", "Skill 'release' cannot be invoked
                  // by the model")
                  "allow-write",
                  "denied by config",
                  "redirects are disabled",
                  "private or local address",
                  "cannot be invoked by the model",
                  "potentially dangerous",
                  // a guard that blocked a dangerous statement ("Dangerous operation blocked:
                  // Forbidden `DROP` operation", "Dangerous pattern in where: …"), a file not in
                  // the set an edit may touch, a destructive call that needs a confirmation
                  // ("Safety confirmation required. Set confirm=true to proceed")
                  "dangerous operation",
                  "dangerous pattern",
                  "set of allowed",
                  "confirmation required",
                  // a confirmation the user rejected, automatic approval switched off
                  // ("Confirmation request rejected: Delete 3 files", "Auto-approval disabled")
                  "confirmation request rejected",
                  "approval disabled",
                  "refused to",
                  "updates are disabled",
                  "writes are disabled",
                  "is read-only",
                  // a rule, a guard or a safety check that stopped it ("The user has specified a
                  // rule which prevents you from using this specific tool call", "This action is
                  // restricted for safety reasons", "Tool loop guard stopped repeated failing
                  // calls", "Computer tool has unacknowledged safety check")
                  "prevents you from using",
                  "for safety reasons",
                  "loop guard",
                  "loop-guard",
                  "safety check",
                  // a sandbox or an allow-list that refused it ("Import of subprocess is not
                  // allowed. Authorized imports are: …", "'open' is not among the explicitly
                  // allowed tools", "Access to blocked or private host … is not allowed")
                  "blocked by sandbox",
                  "denied by sandbox",
                  "not in the allow-list",
                  // a command or a tool an allow list or a deny list refused ("This command is not
                  // on the access control's allowlist", "command does not match allow list",
                  // "matched deny pattern", "Tool 'delete_file' not in allowed tools list",
                  // "Execution denied: …")
                  "allowlist",
                  "allow list",
                  "denylist",
                  "deny list",
                  "deny pattern",
                  "allowed tools list",
                  "execution denied",
                  "read-only file system",
                  "not among the explicitly allowed",
                  "authorized imports are",
                  "private host",
                  "sandboxdenied",
                  "sandbox_apply",
                  // the user's or a hook's refusal, a call waiting for approval it did not get
                  // ("User rejected bash command", "User denied the tool execution", "Tool 'exec'
                  // execution denied by user", "The user doesn't want to proceed with this tool
                  // use", "Permission to use Bash with command ssh -V has been denied", "MCP tool
                  // call requires approval", "PreToolUse:Bash hook error")
                  "user rejected",
                  "user denied",
                  "denied by user",
                  "denied by the user",
                  "rejected by user",
                  "want to proceed",
                  "has been denied",
                  "requires approval",
                  "requires human approval",
                  "requires confirmation",
                  "not granted",
                  "haven't granted",
                  "pretooluse",
                  "hook stopped",
                  "disabled by the user",
                  "disabled by user",
                  "tool rejected",
                  "tool denied",
                  "call rejected",
                  "write denied",
                  "edit denied",
                  "fail-safe triggered",
                  "denied by rule",
                  "read-only mode",
                  // a file guard that refuses a write it cannot vouch for ("You must read the file
                  // … before overwriting it", "File must be read first", "File has been modified
                  // since it was last read")
                  "before overwriting",
                  "must be read first",
                  "read it again before",
                  "modified since",
                  "unexpectedly modified",
                  // a path, a URL or a query outside what the tool is allowed ("path outside
                  // allowed directories", "outside the allowed base directory", "Navigation to
                  // non-allowed URL", "Only SELECT queries are allowed", "a prohibited action")
                  "outside allowed",
                  "outside the allowed",
                  "outside of the allowed",
                  "outside target directory",
                  "outside the workspace",
                  "must be within the",
                  "non-allowed",
                  "disallowed",
                  "prohibited",
                  // a policy, or the user, refused it, in other languages
                  "被策略阻止",
                  "策略禁止",
                  "用户拒绝",
                  "用户已拒绝",
                  "ポリシーによりブロック",
                  "ユーザーが拒否",
                  "정책에 의해 차단",
                  "사용자가 거부",
                  "заблокировано политикой",
                  "пользователь отклонил",
                  "bloqueado por la política",
                  "rechazado por el usuario",
                  "bloqueado pela política",
                  "rejeitado pelo usuário",
                  "durch richtlinie blockiert",
                  "vom benutzer abgelehnt",
                  "bloqué par la politique",
                  "refusé par l'utilisateur"),
              // "command blocked by bash safety policy", a call refused by the sandbox ("Sandbox
              // path is read-only"), a query outside what is allowed ("Only SELECT queries are
              // allowed")
              Regexes.compile(
                  // a tool switched off by whoever configures the host ("DEUS_MCP tool has been
                  // disabled", "The tool 'move_file' is disabled. Check the 'disable-tools' list");
                  // not a whole server disabled ("MCP server \"filesystem\" is disabled"), which is
                  // not there to take the call
                  "\\btool\\b[^\\n]{0,40}? (?:has been|is) disabled\\b"
                      + "|\\b(?:blocked|denied|rejected|refused) (?:by|for) [^\\n]{0,30}?"
                      + "\\b(?:policy|guardrails?|safety|security)\\b"
                      // a call the host rejected ("This tool call is rejected", "Tool use was
                      // rejected because the arguments supplied were forbidden")
                      + "|\\b(?:tool|call|tool use)\\b[^\\n]{0,40}? (?:is|was|has been) rejected\\b"
                      // a command, path or host outside what is allowed ("is not in the allowed
                      // commands list"); not an argument ("not in the allowed arguments")
                      + "|\\bnot in the allowed"
                      + " (?:commands?|list|directories|paths?|hosts?|domains?)\\b"
                      + "|\\bonly [^\\n]{1,30} (?:are|is) allowed\\b"
                      + "|\\bsandbox\\b[^\\n]{0,40}?"
                      + "\\b(?:denied|read-only|not permitted|refused)\\b")),
          new Row(
              PERMISSION_DENIED,
              List.of(
                  "permission denied",
                  "access denied",
                  "access is denied",
                  "forbidden",
                  "unauthorized",
                  "not authorized",
                  "insufficient permission",
                  "operation not permitted",
                  "no write permission",
                  "no read permission",
                  // a permission code ("QUERY_PERMISSION_DENIED")
                  "permission_denied",
                  "eacces",
                  // credentials or a sign-in not there, expired or refused ("GCP credentials are
                  // not available", "Authentication credentials are missing", "No authenticated
                  // accounts available", "Authentication token is invalid or expired", "ERR_AUTH:
                  // auth failed: LOGIN rejected"), a permission the OS or a group has not given
                  // ("Screen Recording permission is required", "No permission to access path",
                  // "Insufficient group access for tool", "OBO is not permitted for server")
                  "credentials are not available",
                  "credentials are missing",
                  "no authenticated accounts",
                  "invalid or expired",
                  "auth failed",
                  "permission is required",
                  "no permission to",
                  "group access",
                  "is not permitted for",
                  // a sign-in not done or not given ("Not authenticated. Use an authenticated
                  // tool to trigger login", "confluent_cloud.auth is required to authenticate",
                  // "LEMONSQUEEZY_API_KEY is set but empty. Provide a valid API key", "Permissions
                  // do not allow hallucination correction")
                  "not authenticated",
                  "required to authenticate",
                  "provide a valid api key",
                  "permissions do not allow",
                  // an agent's shell guard refusing a command
                  "permission check failed",
                  // the tool's credentials missing, wrong or not enough ("Authentication Failed:
                  // Bad credentials", "Invalid API key", "API key not found", "No API key
                  // provided", "invalid_token", "The caller does not have permission", "OAuth
                  // token requires the database:write scope", "authorization header is missing")
                  "authentication failed",
                  "authentication fails",
                  "authorization_denied",
                  // sign-in the tool needs and was not given or set up ("Hugging Face sandboxes
                  // require authentication", "The user must connect their account before this
                  // action can be executed", "Please reconnect your Slack account with the
                  // necessary scopes", "Kaggle API credentials not found", "Neo4j credentials are
                  // not configured properly", "Missing required permissions")
                  "require authentication",
                  "requires authentication",
                  "connect their account",
                  "connect your account",
                  "credentials not found",
                  "credentials are not configured",
                  "required permission",
                  "authentication error",
                  "failed to authenticate",
                  "failed to complete authentication",
                  "authorization header",
                  "authorization error",
                  "invalid authorization",
                  "no connected account",
                  "invalid_grant",
                  "insufficient authentication",
                  "insufficient scope",
                  // GitHub's 403 for a token or an app without the permission ("Resource not
                  // accessible by integration"), "The push failed due to access permissions"
                  "not accessible by",
                  "access permissions",
                  "bad credentials",
                  "invalid credentials",
                  "login fail",
                  "api key not found",
                  "api key is missing",
                  "invalid_token",
                  "invalid token",
                  "invalid access token",
                  "token has expired",
                  "token expired",
                  "does not have permission",
                  "do not have permission",
                  "necessary permissions",
                  "need_user_authorization",
                  "permission_deny",
                  "not logged in",
                  // a role, a connector or an integration short of a permission, or credentials
                  // the other side refused ("Gateway execution role lacks permission to invoke
                  // Lambda function", "This connector requires additional permissions",
                  // "PermissionDenied: 403 Permission 'aiplatform.extensions.get' denied on
                  // resource", "the integration rejected the credentials", "Unknown OAuth client")
                  "lacks permission",
                  "lacks the permission",
                  "additional permissions",
                  "permissiondenied",
                  "denied on resource",
                  "rejected the credentials",
                  "unknown oauth client",
                  "authorization method mismatch",
                  "cannot be accessed",
                  // credentials the tool needs and was not given, or that expired ("Agent tools
                  // require user authentication", "No AWS credentials found", "GitHub
                  // authentication required", "Please re-authorize to continue", Python's
                  // PermissionError)
                  "authentication required",
                  "authentication is required",
                  "authorization required",
                  "do not have access",
                  "does not have access",
                  "requires credentials",
                  "requires authentication",
                  "require user authentication",
                  "credentials found",
                  "re-authorize",
                  "authorization expired",
                  // a sign-in the user must give first or again ("Google Authentication Needed",
                  // "session not associated, try to login again", Slack's "not_authed", OAuth's
                  // "invalid_client")
                  "authentication needed",
                  // rights or an access the user must grant first ("admin rights are required",
                  // "Please grant access in System Settings > Privacy & Security")
                  "admin rights",
                  "administrator rights",
                  "grant access",
                  // an account or a connector's sign-in not linked, expired or not loaded ("We
                  // couldn't connect your account", "Your connection has expired. Reconnect it",
                  // "Could not load the default credentials")
                  "connect your account",
                  "connection has expired",
                  "load the default credentials",
                  "no bearer token",
                  "login again",
                  "log in again",
                  "sign in again",
                  "not_authed",
                  "invalid_client",
                  "permissionerror",
                  "未登录",
                  "berechtigung verweigert",
                  "权限被拒绝",
                  "拒绝访问",
                  "权限不足",
                  "没有权限",
                  "无权限",
                  "无权访问",
                  // the tool's own sign-in missing or refused ("认证失败", "租户访问令牌获取失败",
                  // "请在浏览器打开以下链接进行授权", "認証が必要です", "認証情報がないため、投稿できません",
                  // "未認証", "인증 정보가 정확하지 않습니다", "등록되지 않은 서비스키")
                  "进行授权",
                  "访问令牌",
                  "認証が必要",
                  "認証情報",
                  "未認証",
                  "인증 정보",
                  "인증이 필요",
                  "서비스키",
                  "서비스 키",
                  "未授权",
                  "访问被拒绝",
                  "権限がありません",
                  "権限が不足",
                  "アクセスが拒否",
                  "アクセス拒否",
                  "권한이 없",
                  "권한 부족",
                  "접근이 거부",
                  "액세스가 거부",
                  "доступ запрещ",
                  "отказано в доступе",
                  "недостаточно прав",
                  "нет прав",
                  "permiso denegado",
                  "acceso denegado",
                  "no autorizado",
                  "permissão negada",
                  "acesso negado",
                  "não autorizado",
                  "zugriff verweigert",
                  "keine berechtigung",
                  "nicht autorisiert",
                  "accès refusé",
                  "permission refusée",
                  "non autorisé"),
              // a scope the token lacks, an authorization that failed, no key given ("No API key
              // provided", "no SERP_API_KEY is provided")
              Regexes.compile(
                  "\\bno \\S*api[_ -]?key\\b|\\binvalid (?:\\w+ )?api[_ -]?(?:key|token)\\b"
                      + "|\\b(?:log ?in|sign ?in) first\\b"
                      // a key, a token or credentials the tool was not given ("API key required",
                      // "No Replicate API tokens configured", "Cloud credentials not configured"),
                      // a role short of an administrator's, a directory it may not write
                      + "|\\bapi[_ -]?key required\\b|\\bno [\\w ]{0,20}api (?:key|token)s? configured\\b"
                      + "|\\bcredentials not configured\\b|\\badministrator permissions?\\b"
                      + "|\\bnot (?:writ(?:e)?|read)able\\b"
                      // an API key the tool has none of ("No W&B API key available", "At least one
                      // YouTube API key must be set")
                      + "|\\bno (?:[\\w&.-]+ ){0,2}api[_ -]?keys? (?:available|found|set|configured)\\b"
                      + "|\\bapi[_ -]?keys?\\b[^\\n]{0,30}?\\bmust be set\\b"
                      + "|\\bmissing (?:[\\w-]+ ){0,2}api[_ -]?key\\b"
                      // "TAVILY_API_KEY environment variable is required", "HETZNER_API_TOKEN
                      // environment variable is required"
                      + "|api[_ -]?(?:key|token)\\b[^\\n]{0,40}?\\bis required\\b"
                      // "OPENAI_API_KEY not set in config or environment", "PULUMI_ACCESS_TOKEN
                      // environment variable is not set"
                      + "|(?:api[_ -]?key|access[_ -]?token)\\b[^\\n]{0,30}?\\b(?:is )?not"
                      + " (?:set|provided|valid|configured)\\b"
                      // a token or a login the tool needs and was not given ("Monday API token is
                      // required", "Oxylabs username and password must be set", "Please set your
                      // API key in the … settings")
                      + "|\\b(?:api |access |bearer )?token (?:is|are) required\\b"
                      // a scope or a permission the token or the user does not have ("Your API
                      // token doesn't have the 'Send Money with Approval' scope", "You don't have
                      // permission to access this resource in Xero"), credentials or tokens missing
                      // ("Server missing Braintree API credentials", "OAuth bearer tokens
                      // unavailable after refresh")
                      + "|\\b(?:doesn't|don't) have (?:[\\w':-]+ ){0,6}?(?:scope|permission)\\b"
                      + "|\\bmissing (?:[\\w-]+ ){0,3}credentials\\b|\\btokens? unavailable\\b"
                      + "|\\busername and password must be set\\b|\\bset your api[_ -]?key\\b"
                      // a token or credentials the tool could not get ("Failed to obtain Azure
                      // DevOps token")
                      + "|\\b(?:failed to|could not|couldn't|unable to) (?:obtain|acquire|get|refresh)"
                      + " (?:an? |the )?(?:[\\w-]+ ){0,3}(?:token|credentials)\\b"
                      + "|\\binvalid_\\w*key\\b|\\brequires [^\\n]{1,40}? scope\\b"
                      + "|\\bauthori[sz]ation\\b[^\\n]{0,40}?\\bfailed\\b"
                      // a token no longer good ("Authentication tokens are no longer valid")
                      + "|\\btokens?\\b[^\\n]{0,30}?\\b(?:no longer valid|revoked)\\b"
                      // "Please re-authenticate" (not a "pre-authenticated" URL)
                      + "|\\bre-?authenticate\\b")),
          // Any other call blocked, read after the permission words, which a permission check that
          // blocked a call also holds ("Blocking navigation to disallowed URL", "Command contains
          // blocked operators")
          new Row(POLICY_BLOCKED, List.of(), Regexes.compile("\\bblock(?:ed|ing)\\b")),
          // The server's tool list could not be had ("Error updating tool list", "Failed to query
          // tools from MCP server", "MCP server returned an error while listing tools: … does not
          // match the expected schema", "failed to get tools: calling \"tools/list\": Method
          // 'tools/list' not found"): no tool of it can be called, whatever failed in the listing,
          // so this is read before the arguments' and the missing tool's words the same messages
          // hold.
          new Row(
              TOOL_UNAVAILABLE,
              List.of(
                  "retrieving tool list",
                  "updating tool list",
                  "tools fetch failed",
                  "failed to query tools",
                  "list tools failed",
                  "while listing tools",
                  "error listing tools",
                  "listing tools failed",
                  // a host's own method that lists them, named ("MCPServerManager#listTools Got
                  // tools failed: fetch failed")
                  "listtools"),
              Regexes.compile(
                  "\\b(?:failed|unable|could not|couldn't|cannot) (?:to )?"
                      + "(?:list|get|load|fetch|register|update|enumerate)\\b[^\\n]{0,20}?"
                      + " (?:tools|mcp servers?)\\b")),
          // A tool the host cannot offer or a server it cannot yet call: the tool's own definition
          // refused ("Tool 'x' has an invalid schema", "Failed to validate tool mcp_x: tool
          // parameters array type must have items", "Skipping tool 'x' … missing types in its
          // parameter schema"), an MCP session not (or no longer) established ("Bad Request: No
          // valid session ID provided", "Received request before initialization was complete"),
          // a browser profile another instance holds. The call never ran; read before the
          // arguments' validation words the same messages hold.
          new Row(
              TOOL_UNAVAILABLE,
              List.of(
                  "has an invalid schema",
                  "has an invalid outputschema",
                  "has an invalid inputschema",
                  "has invalid json parameters",
                  "array type must have items",
                  "array schema missing items",
                  "in its parameter schema",
                  "did not return a valid tool",
                  "cannot be used as a tool",
                  "validation errors in the following tools",
                  "before initialization",
                  "initialize request first",
                  "valid session id",
                  "missing session id",
                  "browser is already in use"),
              Regexes.compile(
                  "\\bfailed to validate tool (?!input|arg|call|param|result|output|response)\\S")),
          // A tool the server or the agent does not have, named so before the arguments' words
          // that carry it (MCP's -32602 "Invalid params: Tool not found: get_weather", "Unknown
          // tool: browse. Available: bash, create, …", "Tool zoom is invalid", "missing tool,
          // toolName=get_weather"): the tool list, not the arguments, is what failed.
          new Row(
              TOOL_NOT_FOUND,
              List.of(
                  "tool not found:",
                  "unknown tool:",
                  "missing tool,",
                  "unsupported tool:",
                  "tool not available:",
                  "tool is not provided"),
              Regexes.compile("\\btool \\S{1,60} is invalid\\b")),
          // The tool ran and its output did not match its declared schema ("Output validation
          // error", "has an output schema but did not return structured content"): read before the
          // arguments' validation words, which the same messages hold.
          new Row(
              EXECUTION_FAILED,
              List.of(
                  "output validation",
                  "output schema",
                  "outputschema",
                  "structured content",
                  "structured output",
                  "result validation failed",
                  "calltoolresult")),
          new Row(
              INVALID_ARGUMENTS,
              List.of(
                  "invalid argument",
                  "unsupported argument",
                  "wrong type",
                  "duplicate values",
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
                  "not in the tool's input schema",
                  // an argument named wrong, missing or empty ("Argument timeout has type
                  // 'string' but should be 'integer'", "Invalid float passed to 'timeout'
                  // argument: soon", "Command cannot be empty.", "Error: No URL provided.")
                  "but should be",
                  "cannot be empty",
                  "must not be empty",
                  "invalid url",
                  // a function called with arguments it does not take, or without one it needs
                  // (Python's "got an unexpected keyword argument 'type'" and "missing 1 required
                  // positional argument", .NET's "Missing argument for function parameter",
                  // pydantic's "Field required", Claude Code's "InputValidationError: … The
                  // required parameter `command` is missing", "Failed to validate tool
                  // parameters", "Too many arguments to single-input tool")
                  "unexpected keyword argument",
                  "required positional argument",
                  "required keyword-only argument",
                  "required parameter",
                  "missing argument",
                  "field required",
                  "validation error for",
                  "inputvalidationerror",
                  "failed to validate",
                  "invalid type for parameter",
                  "parameter is incorrect",
                  "failed to parse function arguments",
                  "error parsing arguments",
                  "did not match expected schema",
                  "too many arguments",
                  "could not parse output",
                  // a Java tool's arguments its binding could not make into its parameters ("No
                  // enum constant X", Jackson's "Cannot construct instance of `ArrayList`",
                  // Spring AI's "Conversion from JSON to java.util.Map … failed")
                  "no enum constant",
                  "cannot construct instance of",
                  "conversion from json to",
                  // an edit whose text to replace is not in the file, or is there more than once,
                  // or a patch that does not parse: nothing was changed ("old_string not found in
                  // X. It must match the file text exactly", "Could not find matching text to
                  // replace", "Found multiple matches for oldString", "Failed to find a matching
                  // location in the file (28% confidence, needs 98%)", "Invalid patch: The first
                  // line of the patch must be '*** Begin Patch'")
                  "found 0 times",
                  "0 occurrences",
                  "string to replace",
                  "text to replace",
                  "matching text",
                  "matching location",
                  "multiple matches",
                  "multiple occurrences",
                  "did not match any content",
                  "target content not found",
                  "similar match",
                  "must match exactly",
                  "must exactly match",
                  "search/replace block",
                  "edit format",
                  "invalid patch",
                  "parse patch",
                  "exact match",
                  "appear verbatim",
                  "no replacement was performed",
                  "patch context",
                  // the validators tools check their arguments with, in their own words: Zod
                  // ("Invalid enum value. Expected 'a' | 'b', received 'c'", "String must contain
                  // at least 1 character(s)"), ajv ("must be equal to one of the allowed values",
                  // "must match pattern"), python-jsonschema ("'x' is not one of ['a', 'b']",
                  // "is not valid under any of the given schemas"), Bean Validation and
                  // class-validator ("must not be blank", "should not be empty")
                  "must contain at least",
                  "must contain at most",
                  "allowed values",
                  "must match pattern",
                  "must match format",
                  "is not one of [",
                  "under any of the given schemas",
                  "is less than the minimum of",
                  "is greater than the maximum of",
                  "must not be blank",
                  "must not be null",
                  "should not be empty",
                  // a path naming the wrong kind of thing, or not in the form asked for (Node's
                  // "EISDIR: illegal operation on a directory", Python's "[Errno 21] Is a
                  // directory", "Path provided was not a file!", "File path must be absolute")
                  "eisdir",
                  "enotdir",
                  "is a directory",
                  "not a directory",
                  "isadirectoryerror",
                  "notadirectoryerror",
                  "not a file",
                  "must be absolute",
                  "must be an absolute path",
                  "not an absolute path",
                  // a command of the tool's own it does not know, arguments that exclude each other
                  // ("Unrecognized command replace_all. The allowed commands for the
                  // str_replace_editor tool are: …", "Provide exactly one of query or runId",
                  // "fullPage cannot be used with element screenshots")
                  "unrecognized command",
                  "unknown command type",
                  "exactly one of",
                  "cannot be used with",
                  // a value the binding could not convert ("ten is not a valid value for Int32",
                  // "Argument \"days\" is not convertable to int", "argument \"limit\" cannot be
                  // converted to int")
                  "is not a valid value for",
                  "not convertable to",
                  "not convertible to",
                  // an edit whose text matches more than once, a file guard's overwrite refusal
                  // ("'old_str' matches 3 locations in the file", "already exists and overwrite
                  // option was not passed", "Write rejected to prevent accidental data loss")
                  "write rejected",
                  // an edit's old string not found, empty or found too often ("Failed to match the
                  // provided `old_string`", "3 occurrences of old_str were found when only 1 is
                  // expected"), a file changed since the agent read it ("file changed since it
                  // was read - re-read before editing")
                  "old_string",
                  "old_str ",
                  "oldstring",
                  "old string",
                  "since it was read",
                  "since it was last read",
                  "required field",
                  // a browser tool's element reference from a page snapshot gone stale ("Snapshot
                  // ID is stale; call snapshot again", "No snapshot found for page 1. Use
                  // take_snapshot to capture one", "Try capturing new snapshot")
                  "snapshot again",
                  "snapshot first",
                  "new snapshot",
                  "too many files",
                  // arguments missing, not the tool's, or not JSON; a patch with no hunk to apply;
                  // a line past the file's end ("Must provide either 'ref' or both 'x' and 'y'",
                  // "filepath argument missing in arguments", "Arg zipcode is not in the tool's
                  // args", "Function arguments are not a valid JSON object", "No applicable hunks
                  // found in patch", "Line offset 2000 exceeds file length")
                  "must provide either",
                  "mandatory input parameter",
                  "are identical",
                  "could not find the provided",
                  "argument missing",
                  "is not in the tool's args",
                  "not a valid json object",
                  "no applicable hunks",
                  "exceeds file length",
                  "supported commands",
                  // the call's arguments as JSON the parser could not read (Python's
                  // "Unterminated string starting at: line 1 column 111", "Expecting ','
                  // delimiter")
                  "unterminated string starting at",
                  "delimiter: line",
                  "expecting property name enclosed in double quotes",
                  // a call the model wrote malformed, or whose arguments a binding could not take
                  // (Gemini's "Malformed function call", "Tool call was not properly formatted",
                  // serde's "missing field 'x'", .NET's "Object of type 'System.String' cannot be
                  // converted to type 'System.Double[]'", "Invalid sort parameter. Only valid
                  // values are cited_by_count or publication_date")
                  "malformed function call",
                  "not properly formatted",
                  "missing field",
                  "cannot be converted to",
                  "valid values are",
                  "failed to compute args",
                  // arguments against the tool's schema, a value that must be of a form, an edit
                  // the editor could not make ("Tool arguments do not match input schema", "Invalid
                  // filter format: must be a valid JSON object", "Update must include at least one
                  // valid update operator", "'files' key is missing or empty", "Patch failed:
                  // original chunk not found in file", "String replacement failed: Original and
                  // edited file match exactly"), an error code naming the input ("INVALID_INPUT",
                  // "[INVALID_PARAMETER]")
                  "match input schema",
                  "must be a valid",
                  "must include at least one",
                  "missing or empty",
                  "chunk not found",
                  "string replacement failed",
                  "invalid_input",
                  "invalid_parameter",
                  "invalid_argument",
                  // a value out of its range or over its limit, an edit's string not in the file
                  // ("CFG scale must be between 1 and 10", "Prompt cannot exceed 10000
                  // characters", "Tweet text exceeds 280 characters limit", "String not found in
                  // file: …", "Team ID, Channel ID, and User ID are all required")
                  "must be between",
                  "string not found in",
                  "are all required",
                  "provide only one of",
                  // the same in other languages
                  "参数错误",
                  "参数无效",
                  "无效参数",
                  "无效的参数",
                  "参数校验失败",
                  "参数格式错误",
                  "缺少必填参数",
                  "缺少必要参数",
                  "缺少参数",
                  // a value that is required, must be given or cannot be empty ("name 参数是必需的",
                  // "检查索引时必须提供 collectionName 和 indexName", "绑定域名需要提供域名和证书ID",
                  // "媒体ID不能为空", "无法从 \"my-doc\" 提取有效的文档ID", "至少需要一项更新")
                  "参数是必需的",
                  "必须提供",
                  "需要提供",
                  "不能为空",
                  "提取有效的",
                  "至少需要",
                  "引数が不正",
                  "無効な引数",
                  "無効なパラメータ",
                  "パラメータが不正",
                  "必須パラメータ",
                  "잘못된 매개변수",
                  "잘못된 인수",
                  "유효하지 않은 매개변수",
                  "필수 매개변수",
                  // Korean's required input, a value that must have a form, one of several needed
                  // ("법인등록번호(crno)와 사업연도(biz_year)는 필수 입력 항목입니다", "필수 필드가
                  // 누락되었습니다", "사업자등록번호는 10자리여야 합니다", "개업일자는 YYYYMMDD
                  // 형식이어야 합니다", "lawId, mst, 또는 lawName 중 하나가 필요합니다")
                  "필수 입력",
                  "필수 필드",
                  "필수 항목",
                  "형식이어야",
                  "자리여야",
                  "중 하나가 필요",
                  "обязательный параметр",
                  "argumento inválido",
                  "argumentos inválidos",
                  "parámetro inválido",
                  "parámetros inválidos",
                  "falta el parámetro",
                  "parâmetro inválido",
                  "parâmetros inválidos",
                  "parâmetro obrigatório",
                  "ungültige argumente",
                  "ungültiges argument",
                  "ungültiger parameter",
                  "ungültige parameter",
                  "pflichtparameter",
                  "argument invalide",
                  "arguments invalides",
                  "paramètre invalide",
                  "paramètres invalides",
                  "paramètre manquant",
                  "paramètre requis"),
              // an argument's name before "is required", a value "passed to" an argument, a
              // value "provided" for none, and Russian's wrong or inadmissible argument
              Regexes.compile(
                  "\\b(?:argument|parameter|param|field|property|input)s?\\b[^\\n.]{0,40}?\\bis"
                      + " required\\b|\\bmust be (?:positive|one of|different)\\b"
                      + "|\\bcannot be (?:greater|less|longer|more) than\\b"
                      + "|\\binvalid \\w+ passed to\\b"
                      // a value named invalid, before a timeout's or a limit's words the value is
                      // of ("Invalid timeout value")
                      + "|\\binvalid \\w+ (?:value|format)\\b"
                      // an edit's text not in the file ("The specified text was not found in …")
                      + "|\\b(?:specified|provided|search) text was not found\\b"
                      // "Error: No URL provided.", "No file path provided", "URL is required"
                      + "|^(?:error: )?no (?:\\w+ ){1,3}(?:was |were )?provided\\b"
                      + "|^(?:error: )?(?:\\w+ ){1,2}is required\\b|\\b\\w+ is required when\\b"
                      + "|\\bparameters (?:are|were) required\\b|\\b(?:needs|requires) at least one\\b"
                      // a value named as not given ("Database name not specified for table
                      // 'orders'", "Database name not provided and no default database is set",
                      // "Missing insight argument", "The 'table' parameter requires 'schema' to be
                      // specified")
                      + "|\\bnot (?:specified|provided)\\b"
                      + "(?<=\\b(?:name|id|path|value|database|table|schema) not (?:specified|provided))"
                      + "|^(?:error: )?missing (?:\\w+ ){1,2}(?:argument|parameter)s?\\b"
                      + "|\\bparameter requires\\b[^\\n]{1,40}?\\bto be (?:specified|provided|set)\\b"
                      // an argument named as not given or none given ("The tool needs the \"units\"
                      // argument, which was not provided", "No tables specified"), an id or a name
                      // one operation requires ("list('trace') requires project_id")
                      + "|\\b(?:argument|parameter)s?\\b[^\\n]{0,20}?\\b(?:was |is )?not provided\\b"
                      // a value that should be more, less or of a type ("The count value should be
                      // greater than or equal to 1", "Field 'Views' expects a number, got string",
                      // "Expected file path string for field 'image_file', got object"), a kind
                      // only some take ("Only PDF files are supported", "The print_3mf tool
                      // currently only supports Bambu printers")
                      + "|\\bshould be (?:greater|less|at least|at most|between)\\b"
                      + "|\\bexpects? an? \\w+(?: \\w+)?, got\\b|\\bexpected [^\\n]{1,40}?, got (?:an? )?\\w+\\b"
                      + "|\\bonly (?:supports|[\\w() -]{1,30} (?:files|formats|types|extensions|values)"
                      + " (?:are|is) supported)\\b"
                      + "|^(?:error: )?no (?:\\w+ ){1,2}specified\\b"
                      + "|\\brequires [a-z]+_(?:id|name)\\b"
                      // a length, a size or a count over the tool's limit ("prompt exceeds maximum
                      // length of 4000 characters", "Limit cannot exceed 1000", "Batch size 1500
                      // exceeds the 1000-item limit", "Cannot process more than 500 paper IDs at
                      // once")
                      + "|\\bexceeds? (?:the )?max(?:imum)? (?:length|number)\\b"
                      + "|\\bcannot exceed \\d|\\bexceeds \\d+ characters\\b|\\bexceeds the \\d+-item limit\\b"
                      + "|\\bmore than \\d+ [^\\n]{1,30}? at once\\b"
                      // a value only some cases take, one of several, or some of several ("seconds
                      // is only valid when action is lock", "action=shake is iOS-only", "Scope
                      // other than \"all\" only applies to recurring events", "double_tap requires
                      // either elementUUID, or both x and y", "Only one of projectId, sectionId, or
                      // parentId can be specified at a time", "'convert' operation requires `input`
                      // and `target_timezone`", "Error: provide at least one identifier")
                      + "|\\bis only (?:valid|supported) (?:when|with|on|for|in)\\b"
                      + "|\\bis (?:ios|android|macos|windows|linux)-only\\b|\\bonly applies to\\b"
                      + "|\\brequires (?:either|exactly one)\\b|\\brequires [`'\"][\\w.-]+[`'\"]"
                      + "|\\bonly one of\\b[^\\n]{0,60}?\\bcan be (?:specified|provided|set|given)\\b"
                      + "|\\bprovide at least one\\b"
                      // an input that is empty ("Error: Empty patch data", "Empty command at
                      // position 2 in pipe", "Environment variable keys must be non-empty")
                      + "|^(?:error: )?empty (?:\\w+ ){0,2}(?:data|command|input|query|text|content|path)\\b"
                      + "|\\bmust be non-empty\\b"
                      // a thing the arguments named that is not there, named with the ones that are
                      // ("Context \"WEBVIEW_x\" not found. Available contexts: …", "Device with
                      // UDID \"emulator-5556\" not found. Available devices: …", "Provided file
                      // does not exist: sales.csv Accessible files include: …"); not a tool, which
                      // the tool-not-found rows read
                      + "|\\b(?:not found|does not exist)\\b[^\\n]{0,40}?\\b(?:available|accessible)"
                      + "(?! tools?\\b)(?: \\w+)?(?: include| are)?:"
                      // a value not supported or not known, named with the choices, in Chinese
                      // ("发布时间 不支持 \"一月内\"，可选：不限、一天内", "未知的通知分区 \"comments\"，可选：…")
                      + "|(?:不支持|未知的)[^\\n]{0,40}?(?:可选|支持的)"
                      // an edit's text found more than once, a file the tool will not overwrite
                      + "|\\bmatches \\d+ (?:locations|places|times|occurrences)\\b"
                      + "|\\balready exists and overwrite\\b"
                      // a diff or a patch that does not parse ("Could not parse unified diff")
                      + "|\\b(?:could not|couldn't|cannot|failed to|unable to) parse (?:the )?"
                      + "(?:unified )?(?:diff|patch)\\b"
                      // arguments that only go together or not at all ("Parameter 'yamlOverride'
                      // can only be specified together with …", "Cannot use analyze and
                      // hypothetical indexes together")
                      + "|\\bcan only be (?:specified|used|set|given) (?:together )?with\\b"
                      + "|\\bcan(?:not|'t) (?:use|combine|specify) [^\\n]{1,60}? together\\b"
                      // a value the tool does not know, named with the ones it does ("Unknown
                      // example: retail. Available examples: …", "unknown skill \"x\", valid
                      // skills are: …")
                      + "|\\bunknown (?!tool\\b)(?:[a-z_]+ ){0,2}[a-z_]+:? ['\"`]?[^\\n'\"`]{1,60}['\"`]?[.,;]"
                      + " (?:(?:available|valid"
                      + "|expected|supported|configured|must be|use one of)\\b|use:)"
                      // an action, type or task of the tool's own it does not know ("Unknown agent
                      // type: reviewer", "Unknown activity action: by_project")
                      + "|\\bunknown (?!tool\\b)(?:\\w+ )?(?:action|type|task|operation)s?[:.]"
                      // a string to replace found several times ("'return null;' appears 4 times")
                      + "|\\bappears \\d+ times\\b"
                      // (a lookbehind, not a word boundary, which JDK 19 and later read as ASCII)
                      + "|(?:неверн|недопустим|некорректн)(?<![а-яё](?:неверн|недопустим|некорректн))\\S*"
                      + " (?:параметр|аргумент)"
                      // Russian's parameter that is required ("Параметр 'code' обязателен")
                      + "|параметр(?<![а-яё]параметр)\\S* [^\\n]{0,40}?обязател"
                      // Zod's and others' "Expected string, received null"
                      + "|\\bexpected [a-z]+, received [a-z]+\\b"
                      // a quoted argument that is required ("'entity_id' is required")
                      + "|'[a-z_]{1,40}' is required\\b"
                      // a value of a kind the tool does not take ("Unsupported key: pagedown",
                      // "Unsupported language: echarts"), a key or field it does not know
                      + "|\\bunsupported (?:key|language|value|format|option|action|operation|type"
                      + "|mode|method|parameter|argument|encoding|file type|extension)s?: "
                      + "|\\b(?:unknown|unrecognized) (?:key|field|argument|parameter)s?\\b"
                      // ajv's and class-validator's type words after a field's path ("params/path
                      // must be string", "name must be a string")
                      + "|\\bmust be (?:an? )?(?:string|number|integer|boolean|array|object)\\b")),
          // Anything else not allowed or not permitted: a refusal ("File type not allowed",
          // "Command execution not allowed", "It is not permitted to evaluate other functions"),
          // read after the arguments' words, which name properties not allowed; not HTTP's "405
          // Method Not Allowed", a status.
          new Row(
              POLICY_BLOCKED,
              List.of("not permitted to"),
              Regexes.compile("\\bnot allowed\\b(?<!method not allowed)")),
          new Row(
              TOOL_NOT_FOUND,
              List.of(
                  "unknown tool",
                  "no such tool",
                  "command not found",
                  "method not found",
                  "does not support tools",
                  "unknown mcp server",
                  // an agent's registry without the tool named ("Tool read_fle is not registered",
                  // "You tried to use the tool read_fle, but it doesn't exist")
                  "is not registered",
                  "not a registered",
                  "no tool with",
                  "tried to use the tool",
                  // a model's call of a tool the agent does not offer ("No MCP Tool found for tool
                  // call", "[Python REPL] is not a valid tool", "Model tried to call unavailable
                  // tool 'shell'", "unsupported tool: AwaitShell", "Function … is not found in the
                  // tools_dict", "a function that wasnt defined", "The plugin collection does not
                  // contain a plugin and/or function with the specified names", "No agent can
                  // execute the function document_writer")
                  "no mcp tool found",
                  "no tool found",
                  "not a valid tool",
                  "unavailable tool",
                  "unsupported tool",
                  "not found in the tools",
                  "wasnt defined",
                  "wasn't defined",
                  "was not defined",
                  "does not contain a plugin",
                  "does not contain a function",
                  "no agent can execute",
                  // a plugin or function the framework could not find (Semantic Kernel's "Could
                  // not find function X in skill Y", "FunctionNotFoundError: Cannot find the
                  // function named news", Dify's "PluginNotFoundError: plugin not found")
                  "could not find function",
                  "cannot find the function",
                  "functionnotfound",
                  "plugin not found",
                  "pluginnotfound",
                  "was not contributed",
                  "unsupported call",
                  // an agent without the function the model called ("No tool named \"x\" is
                  // currently available", Spring AI's "No ToolCallback found for tool name",
                  // "there isn't a callback registered for that function", LiveKit's "unknown AI
                  // function", the OpenAI Agents SDK's "Tool x not found in agent")
                  "no tool named",
                  "no toolcallback",
                  "callback registered",
                  // "Could not find command: azmcp_storage_account_lst", "No matching MCP agent
                  // found for tool name: fetch_url"
                  "could not find command",
                  "found for tool name",
                  "no function named",
                  "unknown function",
                  "non-existent tool",
                  "unknown ai function",
                  "not found in agent",
                  // the same in other languages
                  "工具不存在",
                  "未找到工具",
                  "找不到工具",
                  "工具未找到",
                  "未知工具",
                  "ツールが見つかりません",
                  "不明なツール",
                  "도구를 찾을 수 없",
                  "알 수 없는 도구",
                  "инструмент не найден",
                  "неизвестный инструмент",
                  "herramienta no encontrada",
                  "herramienta desconocida",
                  "ferramenta não encontrada",
                  "ferramenta desconhecida",
                  "werkzeug nicht gefunden",
                  "unbekanntes werkzeug",
                  "outil introuvable",
                  "outil inconnu",
                  "outil non trouvé"),
              // "MCP error -32602: Tool X not found", "MCP error -32601: Tools not supported", an
              // agent's action or slash command it does not have ("Action browse_interactive does
              // not exist.", "Error: Command /rn not found.")
              Regexes.compile(
                  "\\btool\\b[^\\n:]{0,60}?\\bnot found\\b|\\btools? not supported\\b|-32601\\b"
                      + "|\\b(?:tool|action|function) \\S{1,60} (?:does not exists?|not found)\\b"
                      + "|\\bcommand /\\S{1,60} not found\\b"
                      // a dialogue framework's action it has not got (Rasa's "that name is not a
                      // registered action", Wit's "No 'analytics profiles' action found")
                      + "|\\bno '[^'\\n]{1,60}' (?:action|tool|function) found\\b"
                      // a tool named and not there ("A tool with the name 'web_fetch' does not
                      // exist", "Tried to call tool 'get_weather' but it could not be found")
                      + "|\\btool (?:with the name |named |called )?['\"][^'\"\\n]{1,60}['\"]"
                      + "(?: but it)? (?:does not exist|could not be found)\\b"
                      // "Tool '' is not valid", "Method API_post_search not found"
                      + "|\\btool '[^'\\n]{0,60}' is not valid\\b"
                      + "|\\bmethod \\S{1,60} not found\\b"
                      // a quoted name with spaces in it ("function 'assistant <|recipient|> all'
                      // does not exist")
                      + "|\\b(?:tool|action|function) '[^'\\n]{1,80}' (?:does not exist|not found)\\b")),
          // An MCP server that cannot be reached never ran the call: another agent may.
          new Row(
              TOOL_UNAVAILABLE,
              List.of(
                  "mcp server unreachable",
                  "mcp server is unreachable",
                  // a client with no live session yet or any more, a server switched off: the
                  // call was never sent ("Not connected", "Server not initialized", "MCP server
                  // \"filesystem\" is disabled", "Transport has already been closed.")
                  "not connected",
                  "not initialized",
                  "is disabled",
                  "connection not found",
                  "no connection found",
                  "has already been closed",
                  "executable file not found",
                  "executable not found",
                  // what the tool needs to reach was not there or not set up: a tunnel that did
                  // not come up, a program or a client missing, a host that does not resolve, a
                  // provider not configured, a workspace not open ("SSH tunnel for source
                  // 'prod_mysql' failed to establish", "gh CLI not found. Install from …", "MCP
                  // client is not available", "Host not found: Check your InfluxDB Cloud console
                  // URL", "ADBC_PROVIDER_NOT_CONFIGURED", "Session memory operations require an
                  // active workspace")
                  "failed to establish",
                  "cli not found",
                  "client is not available",
                  "client not available",
                  "host not found",
                  "not_configured",
                  "require an active",
                  "requires an active",
                  // a module the tool needs not loaded, a name that did not resolve, a pod not up
                  // ("Abacus module not loaded", "DNS resolution failed for
                  // api.internal.example.com", "Pod did not become ready within 120s")
                  "module not loaded",
                  "dns resolution failed",
                  "did not become ready",
                  // a program the tool runs not installed or not on the path, a CLI or a service it
                  // needs not there, a server or a client not set up or not running ("istioctl is
                  // not installed or not in PATH", "tshark not found. Please install Wireshark",
                  // "Hubble CLI not available", "virtctl CLI required for pause operation", "Helm
                  // is not available on this system", "Code viewer service not available", "Rag
                  // service is not enabled", "Frida mode is not enabled", "MCP server
                  // \"filesystem\" has no running client", "MCP Client t_0a not found",
                  // "Configuration missing for server 'filesystem'", "Connection is not active",
                  // "no MCP servers connected", "Unable to call tool due to mcp server connection
                  // issues", "YoBrowser is not available for this session")
                  "not in path",
                  "cli not available",
                  "cli required",
                  "not available on this system",
                  "service not available",
                  "service is not enabled",
                  "mode is not enabled",
                  "no running client",
                  "client not found",
                  "configuration missing for server",
                  "configuration for server",
                  "connection is not active",
                  "server connection issues",
                  "not available for this session",
                  // a server not reachable, a client, a document or a container not connected, a
                  // session not alive, an endpoint not configured, a server still connecting or
                  // shutting down ("Canvas server is not reachable at http://localhost:3000", "No
                  // frontend client connected", "No connected Draw.io documents", "kafka client is
                  // closed", "MATLAB session 2 is not alive", "Confluent Cloud Flink REST endpoint
                  // not configured", "Bot is connecting to the Minecraft server", "Server is
                  // shutting down"), a package to install first ("requires the 'fastembed'
                  // package. Install it with: pip install …")
                  "is not reachable",
                  "client is closed",
                  "is not alive",
                  "endpoint not configured",
                  "is connecting to",
                  "server is shutting down",
                  "install it with",
                  // a dependency missing, a client not connected yet, a backend resting after
                  // failures ("DocxConverter threw MissingDependencyException",
                  // "MCP::Client#connect
                  // must be called before sending requests", "All configured SearXNG instances are
                  // in cooldown after repeated failures")
                  "missingdependency",
                  "missing dependency",
                  "must be called before",
                  "in cooldown",
                  // Node's connect that timed out, a name that did not resolve: nothing was sent
                  // (read before "etimedout", a timeout of a call in flight)
                  "connect etimedout",
                  // a connect that timed out, as urllib3 and httpx name it ("(connect
                  // timeout=10)", "httpx.ConnectTimeout")
                  "connect timeout",
                  "connecttimeout",
                  "timed out while connecting",
                  // an MCP server not yet, or no longer, there to take the call ("MCP startup
                  // incomplete", "MCPManager has not been initialized", "No MCP servers could be
                  // initialized", "No MCP client found for tool ID", "No tools available",
                  // "Couldn't reach the MCP server", "Failed to list or register tools for MCP
                  // server"); a stdio server that exited as it started ("Server transport closed
                  // unexpectedly, this is likely due to the process exiting early")
                  "process exiting early",
                  "startup incomplete",
                  "not been initialized",
                  "could not be initialized",
                  "during session initialization",
                  "no mcp client",
                  "no mcp servers",
                  "no server info",
                  "no tools available",
                  // the server itself not there to take the call ("Error: Server not found"), a
                  // helper the tool needs not started or not healthy ("Terminal startup failed",
                  // "Failed to discover browser connector
                  // server. Please ensure it is running", "No connection to browser extension",
                  // "Sandbox null is not healthy")
                  "startup failed",
                  "ensure it is running",
                  "is currently inactive",
                  "no connection to",
                  "is not healthy",
                  // docker-py's client that could not reach the daemon ("Error while fetching
                  // server API version: ('Connection aborted.', FileNotFoundError(2, …))")
                  "fetching server api version",
                  "not installed on the device",
                  // a client, a kernel or a cache the tool needs not ready or not there ("ERROR:
                  // Kernel not ready", "No database connection available")
                  "not ready",
                  "connection available",
                  "`initialize` request",
                  "opening handshake",
                  // a sandbox, container, kernel or runtime that is not there or not running
                  // ("docker is not running", "The container is not running", "Kernel has been
                  // shut down", "SandboxNotFoundError", "No terminal available")
                  "sandboxnotfound",
                  "sandbox not found",
                  "no sandbox found",
                  "no terminal available",
                  "has been shut down",
                  "browser has been closed",
                  "did not start",
                  "could not be started",
                  "exited before responding",
                  "closed client",
                  "in error state",
                  "spawn failed",
                  "initialization failed",
                  "initializationerror",
                  "err_name_not_resolved",
                  "err_connection_refused",
                  "executable doesn't exist",
                  "nosuchkernel",
                  // a TLS handshake that failed: nothing was sent
                  "certificate verify fail",
                  "certificate verification failed",
                  "resolve hostname",
                  "ssl_connect",
                  // a host name that did not resolve, as libc and Go print it
                  "name or service not known",
                  "temporary failure in name resolution",
                  "nodename nor servname",
                  "no such host",
                  // connecting or starting failed, in other languages
                  "无法连接",
                  "连接失败",
                  "连接被拒绝",
                  "拒绝连接",
                  "无法启动",
                  "启动失败",
                  "接続できません",
                  "接続に失敗",
                  "接続が拒否",
                  "起動に失敗",
                  "연결할 수 없",
                  "연결에 실패",
                  "연결이 거부",
                  "시작할 수 없",
                  "не удалось подключиться",
                  "не удалось запустить",
                  "соединение отклонено",
                  "в соединении отказано",
                  "no se pudo conectar",
                  "no se puede conectar",
                  "conexión rechazada",
                  "não foi possível conectar",
                  "falha ao conectar",
                  "conexão recusada",
                  "verbindung fehlgeschlagen",
                  "keine verbindung",
                  "verbindung abgelehnt",
                  "verbindung verweigert",
                  "impossible de se connecter",
                  "connexion refusée",
                  "échec de la connexion",
                  "未连接",
                  "断连",
                  "不可用"),
              // The same meaning in any phrasing: connecting, starting or spawning the server
              // failed, its discovery failed, its program is missing, the sandbox or kernel it
              // runs in could not be made, the tool is not there to be called ("MCP functionality
              // is not available on Windows"). Read before "connection closed", which alone means
              // a call in flight was cut.
              Regexes.compile(
                  "\\b(?:failed|unable|could not|couldn't|cannot|error)\\b"
                      + " (?:to |while |when |in )?(?:connect(?:ing)?|attach|start(?:ing)?|spawn(?:ing)?"
                      + "|launch(?:ing)?|initiali[sz](?:e|ing)|activat(?:e|ing))\\b"
                      + "|\\b(?:failed|unable|could not|couldn't|cannot) (?:to )?create"
                      + " (?:a |the )?(?:\\w+ )?"
                      + "(?:kernel|sandbox|container|mcp client|shell snapshot|browser session)\\b"
                      // nothing connected for the tool to drive ("No browser is connected to the
                      // control page")
                      + "|\\bno (?:browser|client|device|extension|session|(?:game )?engine|editor) (?:is )?connected\\b"
                      + "|\\bno [\\w -]{1,30}? instances? (?:found|(?:are |is )?connected)\\b"
                      + "|\\b(?:could not|couldn't|unable to) find (?:a |the )?(?:valid )?[\\w-]+ executable\\b"
                      // a socket not open, a browser not there to drive ("WebSocket is not open:
                      // readyState 3 (CLOSED)", "Browser specified in your config is not
                      // installed", "Chromium distribution 'chrome' is not found at …")
                      + "|\\b(?:websocket|socket|connection|channel) is not open\\b"
                      + "|\\b(?:browser|chromium|chrome|firefox|webkit)\\b[^\\n]{0,60}?"
                      + "\\b(?:is not installed|(?:is )?not found at|does(?:n't| not) exist at)\\b"
                      + "|\\b(?:docker|container|sandbox|daemon|kernel|runtime|browser|actor|instance"
                      + "|emulator|mcp server)\\b"
                      + "[^\\n]{0,40}? (?:is not|isn't|not) running\\b"
                      + "|\\b(?:tools?|servers?|functionality|services?|sandbox|runtime|kernel|container"
                      + "|terminal)\\b[^\\n]{0,40}? (?:is|are) (?:temporarily |currently )?"
                      + "(?:unavailable|not available|not responding|not activated)\\b"
                      + "|\\bwaiting for [^\\n]{1,40} to be ready\\b"
                      // a package, a plugin or a program the tool needs not installed where it runs
                      // ("httpx not installed. Install with: pip install httpx", "exa-py is not
                      // installed in the tool execution environment", "does not have the APOC
                      // plugin installed"); not a database's extension, which the query names
                      // ("… extension is not installed on the database")
                      + "|\\bnot (?:currently )?installed (?:in|on) (?:the |this )?(?:tool|execution"
                      + "|environment|system|machine|host|path)\\b"
                      + "|\\b(?:is )?not (?:currently )?installed(?=[.'\"]|$)"
                      + "|\\bdoes not have [^\\n]{1,40}? installed\\b"
                      // a tool the model or its API does not offer ("Google search tool is not
                      // supported for model X", "Hosted tool 'web_search_preview' is not supported
                      // with gpt-4.1"): the call was never made, another agent's model may make it
                      + "|\\b(?:not supported|unsupported) (?:for|with|by) (?:the |this )?model\\b"
                      + "|\\bhosted tool '[^'\\n]{1,60}' is not supported\\b"
                      + "|\\b(?:container|sandbox|server|kernel|runtime) is (?:still )?starting\\b"
                      + "|\\b(?:container|sandbox|kernel) creation failed\\b"
                      + "|\\b(?:spawn(?:sync)?|uv_spawn|posix_spawn)\\b[^\\n]{0,80}?"
                      + "\\b(?:enoent|e2big|einval|unknown)\\b"
                      // an MCP client closed before the call, a shell without the server's program
                      // ("Error in MCP: Client closed", "sh: mcp-server-filesystem: not found")
                      + "|\\bclient closed\\b(?! request)|(?:^|/)sh: (?:\\d+: )?\\S+: not found"
                      + "|\\berror (?:while )?(?:listing|fetching|loading) tools\\b"
                      + "|\\bis your (?:mcp )?server running\\b"
                      + "|\\b(?:enoent|eunknown)\\b[^\\n]{0,80}?\\b(?:uv_spawn|posix_spawn)\\b"
                      + "|^env: \\S+: no such file or directory"
                      // a program that could not be executed ("exec /sbin/docker-init: no such file
                      // or directory", "exec --port failed: No such file or directory")
                      + "|\\bexec\\b[^\\n]{0,60}?: no such file or directory\\b"
                      // the server named alone as not found ("Error: Server not found"), not a
                      // thing the tool looked up on a server ("Mock server not found: …")
                      + "|(?:^|[:\"] ?)server not found\\b"
                      // the server itself not reached, not a connection that failed under the call
                      // ("Couldn't reach the MCP server", "MCP server \"sleep\": Connection failed
                      // after 60031ms", "Connection failed for 'github'"; not "Connection failed
                      // while uploading file chunk 3")
                      + "|\\b(?:couldn't|could not|cannot|can't|unable to) reach (?:the |your )?(?:[\\w-]+ )?"
                      + "(?:mcp|server|tool|host|api|endpoint|service|backend)\\b"
                      + "|\\b(?:mcp|server)\\b[^\\n]{0,40}?\\bconnection failed\\b"
                      + "|\\bconnection failed (?:for|after)\\b"
                      + "|\\berror during discovery\\b|\\bprogram not found\\b"
                      // a name that did not resolve (not "FileNotFoundError")
                      + "|\\b(?:enotfound|eai_again)\\b"
                      // a program named not found, with the advice to install it ("tshark not
                      // found. Please install …", "'sshpass' or 'ssh' command not found. Ensure
                      // they are installed")
                      + "|\\bnot found\\.? (?:please |ensure )[^\\n]{0,30}?\\binstall"
                      + "|\\bno (?:[\\w.-]+ ){0,3}connected\\b|\\bno (?:[\\w-]+ )?client (?:found|configured|available)\\b"
                      + "|\\bno (?:[\\w-]+ )?(?:models?|servers?|clients?|projects?|endpoints?) (?:are |is )?configured\\b")),
          new Row(
              RATE_LIMITED,
              List.of(
                  "rate limit",
                  "rate_limited",
                  "too many request",
                  "throttl",
                  // AWS's throttling words ("Rate exceeded")
                  "rate exceeded",
                  "error 429",
                  // a per-minute quota or a cap on concurrent sessions ("Exceeded the limited QPM
                  // (number of accesses per minute)", "maximum number of concurrent sessions (5)
                  // reached")
                  "limited qpm",
                  "accesses per minute",
                  "number of concurrent",
                  // a public API's daily traffic or request count used up, in Korean ("일일 트래픽
                  // 초과", "서비스 요청제한횟수 초과에러", "LIMITED_NUMBER_OF_SERVICE_REQUESTS_EXCEEDS_ERROR")
                  "트래픽 초과",
                  "요청제한횟수",
                  "요청 제한 횟수",
                  "limited_number_of_service_requests",
                  "too many in-flight",
                  "are already running",
                  "too many active",
                  "payment_required",
                  "payment required",
                  // the tool's own cap on its calls ("Tool 'search_web' has reached its usage
                  // limit of 3 times")
                  "usage limit",
                  // a tool API's quota or a cap on calls ("Monthly quota exceeded", "Sandbox
                  // resource limit reached (16)", "DuckDuckGoSearchException: Ratelimit", "Too many
                  // tool calls in a single turn! Limit is 5.")
                  "quota exceeded",
                  "quota limit exceeded",
                  "quota exhausted",
                  "ratelimit",
                  "resource limit reached",
                  "too many tool calls",
                  "exceeded your",
                  "resource_exhausted",
                  "insufficient credits",
                  "insufficient_quota",
                  "credit balance",
                  "credit_balance",
                  "out of credits",
                  "out of quota",
                  "dailylimitexceeded",
                  "daily limit",
                  "too many concurrent",
                  "resource has been exhausted",
                  // the same in other languages
                  "请求过于频繁",
                  "频率限制",
                  "速率限制",
                  "限流",
                  "レート制限",
                  "リクエストが多すぎ",
                  "요청이 너무 많",
                  "속도 제한",
                  "слишком много запросов",
                  "demasiadas solicitudes",
                  "muitas solicitações",
                  "muitas requisições",
                  "zu viele anfragen",
                  "trop de requêtes")),
          new Row(
              TIMEOUT,
              List.of(
                  "timed out",
                  "timeout",
                  "deadline exceeded",
                  "deadline reached",
                  "maximum execution time",
                  "time limit exceeded",
                  "failed to complete in",
                  "failed to complete within",
                  "did not reach terminal state",
                  // Node's "read ETIMEDOUT", child_process's "spawnSync /bin/sh ETIMEDOUT"
                  "etimedout",
                  // Windows' WSAETIMEDOUT
                  "winerror 10060",
                  // the same in other languages
                  "超时",
                  "タイムアウト",
                  "時間切れ",
                  "시간 초과",
                  "타임아웃",
                  "тайм-аут",
                  "таймаут",
                  "время ожидания",
                  "tiempo de espera",
                  "tempo limite",
                  "tempo esgotado",
                  "zeitüberschreitung",
                  "délai d'attente",
                  "délai dépassé")),
          new Row(
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
                  "invalid mcp response",
                  // the connection lost under the call ("Connection lost. The server may have
                  // disconnected."), and the same cut in other languages
                  "connection lost",
                  "connection was lost",
                  "lost connection",
                  // a channel, a session or a stream cut under the call ("Error from mcp-server:
                  // Channel closed", "Session terminated", "SSE stream disconnected: TypeError:
                  // terminated", "peer closed connection without sending complete message body",
                  // "Keep-alive ping failed", "the connection to sandbox … ended before the stream
                  // completed", "received invalid response", "MCP proxy request failed")
                  "channel closed",
                  "session terminated",
                  // a body cut short, a stream reset by the other side (requests' "Response ended
                  // prematurely", Go's "stream error: stream ID 3; INTERNAL_ERROR; received from
                  // peer")
                  "ended prematurely",
                  "received from peer",
                  "stream disconnected",
                  "peer closed connection",
                  "closed connection without",
                  "incomplete chunked read",
                  "disconnected before",
                  "chrome disconnected",
                  "no data received",
                  "ping failed",
                  "before the stream completed",
                  "received invalid response",
                  "proxy request failed",
                  "unexpected nil response",
                  "transport error",
                  "closedresourceerror",
                  "brokenresourceerror",
                  "websocket disconnected",
                  "proxy error",
                  "ended by the other party",
                  // Chromium's net errors for a page load cut under a browser tool
                  "err_connection_closed",
                  "err_connection_reset",
                  "断开连接",
                  "连接已关闭",
                  "连接断开",
                  "连接已断开",
                  "连接被重置",
                  "接続が切断",
                  "接続が閉じ",
                  "接続がリセット",
                  "연결이 끊어",
                  "연결이 끊겼",
                  "연결이 종료",
                  "соединение разорвано",
                  "соединение закрыто",
                  "соединение сброшено",
                  "conexión cerrada",
                  "conexión perdida",
                  "conexão fechada",
                  "conexão perdida",
                  "conexão encerrada",
                  "verbindung getrennt",
                  "verbindung geschlossen",
                  "verbindung verloren",
                  "connexion fermée",
                  "connexion perdue")),
          new Row(
              TOOL_UNAVAILABLE,
              List.of(
                  "connection refused",
                  "econnrefused",
                  "service unavailable",
                  "server unavailable",
                  "unreachable",
                  // a host still connecting to the server, in Chinese ("正在连接 MCP，工具可用后会自动出现")
                  "正在连接",
                  "may be down",
                  // the host's breaker open after the tool's recent failures: not called
                  "circuit breaker")),
          new Row(
              EXECUTION_FAILED,
              List.of("exit code", "exit status", "exited with", "non-zero exit")),
          CALL_FAILED,
          new Row(
              EXECUTION_FAILED,
              List.of(
                  "traceback (most recent call last)",
                  // the tool's own code that failed ("✗ Execution failed: Cannot read properties
                  // of undefined", "execute tool failed", "'McpExecutor' object has no attribute",
                  // "string indices must be integers", "RangeError: Maximum call stack size
                  // exceeded", "sqlite3.OperationalError", "database is locked", "I encountered an
                  // error while trying to use the tool")
                  "execution failed",
                  "execute tool failed",
                  "execute tool error",
                  "error running tool",
                  "while executing the action",
                  "browser action",
                  "undefined is not an object",
                  "is not a function",
                  "maxbuffer",
                  // a Java tool method that threw ("java.lang.reflect.InvocationTargetException",
                  // "Tool with name 'x' failed to execute with arguments", "threw an exception")
                  "invocationtargetexception",
                  "failed to execute with arguments",
                  "threw an exception",
                  "cannot set properties of",
                  "cannot import name",
                  "failed to execute query",
                  "syntax error at or near",
                  "failed to run code",
                  "failed in sandbox",
                  "error while trying to use the tool",
                  "cannot read properties of",
                  // Python's TypeErrors and AttributeErrors in the tool's own code, unnamed
                  // ("generate_image() takes 2 positional arguments but 3 were given", "'method'
                  // object is not iterable", "unhashable type: 'dict'", "can only concatenate str
                  // (not \"NoneType\") to str", "'McpExecutor' object has no attribute", "module
                  // 'src.api' has no attribute")
                  "positional arguments but",
                  "positional argument but",
                  "is not iterable",
                  "unhashable type",
                  "can only concatenate",
                  "has no attribute",
                  "indices must be integers",
                  "is not subscriptable",
                  "maximum call stack size exceeded",
                  "operationalerror",
                  "database is locked",
                  // the runtime errors of a tool's own code, by the names the languages give
                  // them (Python's "KeyError: 'items'", Java's NullPointerException, .NET's
                  // "Object reference not set to an instance of an object", Go's "panic: runtime
                  // error: index out of range"), and an answer it could not parse
                  // ("JSONDecodeError: Expecting value: line 1 column 1 (char 0)")
                  "keyerror:",
                  "indexerror:",
                  "zerodivisionerror",
                  "attributeerror",
                  "unboundlocalerror",
                  "recursionerror",
                  "unicodedecodeerror",
                  "unicodeencodeerror",
                  "codec can't decode",
                  "codec can't encode",
                  "jsondecodeerror",
                  "expecting value: line",
                  "nullpointerexception",
                  "classcastexception",
                  "indexoutofboundsexception",
                  "numberformatexception",
                  "arithmeticexception",
                  "concurrentmodificationexception",
                  "nullreferenceexception",
                  "object reference not set to an instance",
                  "referenceerror",
                  "panic: runtime error",
                  "nil pointer dereference",
                  // a database, repository or build the tool worked on refusing the work
                  // (PostgreSQL's "duplicate key value violates unique constraint", MySQL's "You
                  // have an error in your SQL syntax", Oracle's "ORA-00942", git's "fatal: not a
                  // git repository", tsc's "error TS2304", a compilation that failed)
                  "duplicate key value violates",
                  "violates foreign key constraint",
                  "violates not-null constraint",
                  "violates check constraint",
                  "deadlock detected",
                  "no such table",
                  "no such column",
                  "unknown column",
                  "error in your sql syntax",
                  "sqlstate",
                  "not a git repository",
                  "failed to push some refs",
                  "merge conflict",
                  "compilation failed",
                  "compilation error",
                  // a file or directory the tool looked for and did not find (Node's "ENOENT: no
                  // such file or directory, open 'x'", "read_file failed with the message: Could
                  // not find file", "File x does not exist", "Directory x not found"), the
                  // exception types' meaning as words
                  "enoent",
                  "no such file or directory",
                  "could not find file",
                  // the tool's own error, or a resource it ran out of ("MCP error -32000: Internal
                  // tool error", "Exception while invoking function", "EMFILE: too many open
                  // files", "no space left on device", a vector's dimension that does not match
                  // its index's, an element the page does not hold)
                  "internal tool error",
                  "while invoking function",
                  "while invoking tool",
                  "emfile",
                  "too many open files",
                  "no space left",
                  "not enough disk space",
                  "dimension mismatch",
                  "does not match the dimension",
                  "no matching element",
                  "could not find an element",
                  "no such element",
                  // JSON-RPC's internal error, the protocol's HTTP 500 ("MCP error -32603: Internal
                  // error")
                  "-32603",
                  // the tool ran and failed, in other languages
                  "执行失败",
                  "执行出错",
                  "执行错误",
                  "実行に失敗",
                  "実行エラー",
                  "실행 실패",
                  "실행에 실패",
                  "실행 중 오류",
                  "ошибка выполнения",
                  "не удалось выполнить",
                  "error al ejecutar",
                  "error de ejecución",
                  "falha ao executar",
                  "erro ao executar",
                  "erro de execução",
                  "ausführung fehlgeschlagen",
                  "fehler bei der ausführung",
                  "échec de l'exécution",
                  "erreur d'exécution",
                  "erreur lors de l'exécution"),
              // Python's NameError inside the tool's code ("name 'traceback' is not defined"),
              // Oracle's and tsc's error codes, a file or directory the tool did not find
              Regexes.compile(
                  "\\bname '[^'\\n]{1,60}' is not defined\\b|\\bora-\\d{5}\\b|\\berror ts\\d{4}\\b"
                      + "|\\b(?:file|directory|folder)\\b[^\\n]{0,80}?\\b(?:does not exist|not found)\\b")));

  /**
   * The kind the most general words name and the words, read last: only when the failure has no
   * typed evidence, no row of {@link #ROWS} read its wording and no HTTP status is printed in it
   * ({@link ToolFailureClassifier}). {@code null} when neither row reads it.
   *
   * @param text the failure's wording, as for {@link #read(String)}
   */
  static Reading lastResort(String text) {
    Match match = firstMatch(LAST_RESORT, text);
    return match == null ? null : new Reading(match.row().kind(), match.words());
  }

  // The first row that reads the text, and what it read.
  private record Match(Row row, String words) {}

  private static Match firstMatch(List<Row> rows, String text) {
    for (Row row : rows) {
      String words = row.found(text);
      if (words != null) {
        return new Match(row, words);
      }
    }
    return null;
  }

  /**
   * The most general words of a value the tool asks otherwise: it calls the value invalid, says it
   * must be otherwise, does not support it or finds it out of range ("Invalid time format. Expected
   * HH:MM", "Compression format 'rar' is not supported", "Coordinates 1500, 900 are out of
   * bounds"). The first last-resort row, and what a host's wrapper is read with ({@link #kind}).
   */
  private static final Row VALUE_ASKED_OTHERWISE =
      new Row(
          INVALID_ARGUMENTS,
          List.of("无效", "無効", "유효하지 않", "недопустим", "inválid", "ungültig", "invalide"),
          Regexes.compile(
              "\\binvalid\\b|\\bmust be\\b|\\bnot supported\\b|\\bunsupported\\b"
                  + "|\\bout of (?:\\w+ )?(?:bounds|range)\\b"
                  // "apply_patch input must start with \"*** Begin Patch\"", "`old_string`
                  // can't be empty", "Please provide a list of up to 10 queries", "Missing
                  // 'columns' in index definition"
                  + "|\\bmust (?:start|begin|end) with\\b|\\bmust (?:include|contain|match|not|point to|use)\\b"
                  // one of two arguments, not both ("Provide either `query` or `paper_id`",
                  // "voice_id and voice_name cannot both be provided", "workspace cannot be
                  // combined with project_id")
                  + "|\\b(?:provide|specify|pass) either\\b|\\bcannot both be\\b|\\bnot both\\b"
                  + "|\\bcannot be combined with\\b"
                  + "|\\bcan(?:not|'t) be empty\\b|\\bplease provide\\b"
                  + "|\\bmissing ['\"`][^'\"`\\n]{1,40}['\"`]"
                  // "Recipient (to), subject, and body are required for send operation", "No
                  // card ID provided", "not a valid DOI", "Start time cannot be after end
                  // time", "You can't specify both `a` and `b`", "text is not accepted for
                  // left_click", "Cannot mix local file paths and URLs"; not a thing that
                  // already exists or is missing, which the tables label both ways
                  + "|\\b(?:is|are) required\\b"
                  + "|\\bno (?:[\\w-]+ )?(?:id|url|path|name|file|query|queries|arguments?"
                  + "|parameters?|input|value|text|key)s? (?:was |were )?provided\\b(?! by)"
                  + "|\\bnot (?:appear to be )?(?:a )?valid\\b"
                  + "|\\bcannot be (?:after|before|greater|less|more|negative)\\b"
                  + "|\\bcan(?:'t|not) (?:specify|use|set) both\\b|\\bnot accepted\\b|\\bcannot mix\\b"));

  /**
   * The last-resort rows, first match wins (read whole by {@code ToolFailureWordingTest}, after
   * {@link #ROWS}).
   */
  static final List<Row> LAST_RESORT =
      List.of(
          VALUE_ASKED_OTHERWISE,
          // Then a tool that says the work it did failed, or did not find what it worked on
          // ("Failed to create refund", "Lighthouse audit failed", "channel \"#old-project\" not
          // found", "Cannot rename the requested collection because it doesn't exist"): it ran,
          // and whether a side effect happened is not said, so a non-idempotent call fails
          // closed. Not a failure that only says the call itself failed ("Request failed.",
          // "Command failed", "Failed to call tool x"), which names no cause and stays unknown.
          new Row(
              EXECUTION_FAILED,
              List.of(
                  "未找到",
                  "找不到",
                  "不存在",
                  "見つかりません",
                  "찾을 수 없",
                  "не найден",
                  "no encontrad",
                  "no existe",
                  "não encontrad",
                  "não existe",
                  "nicht gefunden",
                  "introuvable",
                  // a search that found nothing ("All pattern searches produced no results", "조회된
                  // 재무제표가 없습니다", "응답 데이터가 없습니다"; "returned no …" is the pattern's), a
                  // file the tool did not find, a query that failed, a problem the service reported
                  // ("API 서버에 문제가 발생했습니다")
                  "produced no results",
                  "no such file:",
                  "no such directory:",
                  "error executing query",
                  "결과가 없습니다",
                  "데이터가 없습니다",
                  "문제가 발생했습니다"),
              Regexes.compile(
                  "\\bnot found\\b|\\bdoes(?:n't| not) exists?\\b"
                      // nothing found or made ("No good search result found", "No articles were
                      // found on Wikipedia", "No image generated.", "GitHub search returned no
                      // items")
                      + "|(?:^|[\"'] ?|: )(?:error: )?no (?:good )?(?:[\\w-]+ ){1,4}(?:was |were )?(?:found|generated)\\b"
                      + "|\\breturned no \\w+"
                      // "Could not find a task matching …", "Could not get GH document"
                      + "|\\b(?:could not|couldn't|unable to) (?:find|get|load|read|retrieve|open|convert"
                      + "|delete|create|update|save|write|remove|locate)\\b"
                      // "Error while deleting file", "Error getting page content: …", "Error
                      // capturing screenshot: …"; not the call itself ("Error calling tool x")
                      + "|\\berror while (?!(?:calling|invoking|running|executing)\\b)\\w+ing\\b"
                      + "|^error (?!(?:calling|invoking|running|executing)\\b)\\w+ing\\b"
                      + "|\\bfailed to (?!(?:call|invoke|run|execute|use|complete|process|perform"
                      + "|handle)\\b)\\w+"
                      // (a word, then " failed": the words are read back from " failed", so the
                      // pattern is tried where the text says it, not at every word)
                      + "| failed\\b(?<=\\w failed)(?<!\\b(?:request|call|command|tool|invocation"
                      + "|operation|action|run|task|execution|it|has|have|had|was|were|is|be|been"
                      + "|step|node|attempt|job|process) failed)"
                      // the same in Chinese, Japanese and Korean: a named piece of work that failed
                      // ("联网搜索失败", "記事の取得に失敗しました", "조회 실패"), not the request, the
                      // call, the command or the tool alone
                      // (the word first, then what stands before it: a lookbehind tried at every
                      // position of the text costs ten times as much)
                      + "|失败(?<!(?:请求|调用|命令|工具|操作|动作|运行|任务|步骤|节点|尝试|作业|进程)失败)"
                      + "|に失敗(?<!(?:リクエスト|呼び出し|コマンド|ツール|操作|処理|タスク)に失敗)"
                      + "|실패(?<!(?:요청|호출|명령|도구|작업) ?실패)")));
}
