package dev.orchestrator.engine.tool;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A tool failure with no typed evidence, read by its meaning in the words agents and MCP hosts
 * print in English and in the languages their users run them in; each row is read as a
 * non-idempotent call's failure. The action then follows from the kind through the decision table
 * ({@code ToolDecisionTableTest}), so only the kind read is asserted.
 */
class ToolWordingByMeaningTest {

  private static final ToolSpec SHELL = ToolSpec.nonIdempotent("shell");

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          Command was cancelled by user before it could start.                 | policy_blocked
          Tool call cancelled while in queue.                                  | policy_blocked
          Stop button pressed. The action has not been executed.               | policy_blocked
          Command was automatically cancelled because it exceeded the timeout of 2.0 minutes | timeout
          The command 'make' was cancelled because it took more than 120 seconds. | timeout
          Import of subprocess is not allowed. Authorized imports are: ['math'] | policy_blocked
          Error: Access to blocked or private host http://169.254.169.254/ is not allowed. | policy_blocked
          Operation denied by sandbox: write to /etc/hosts                     | policy_blocked
          Argument timeout has type 'string' but should be 'integer'           | invalid_arguments
          Invalid float passed to 'timeout' argument: soon                     | invalid_arguments
          Argument url is required                                             | invalid_arguments
          Command cannot be empty.                                             | invalid_arguments
          Error: No URL provided.                                              | invalid_arguments
          Error: Invalid URL "htp:/example"                                    | invalid_arguments
          Invalid enum value. Expected 'low', received 'fast'                  | invalid_arguments
          ✗ Validation error: selector: Expected string, received null         | invalid_arguments
          String must contain at least 1 character(s)                          | invalid_arguments
          params/mode must be equal to one of the allowed values               | invalid_arguments
          params/absolute_path must match pattern "^/"                         | invalid_arguments
          Value 'fast' is not one of ['low', 'high']                           | invalid_arguments
          name must be a string                                                | invalid_arguments
          query must not be blank                                              | invalid_arguments
          Unsupported key: pagedown                                            | invalid_arguments
          Unknown field `limt`, expected one of `limit`, `offset`              | invalid_arguments
          Параметр 'code' обязателен для check_syntax                          | invalid_arguments
          EISDIR: illegal operation on a directory, read                       | invalid_arguments
          [Errno 21] Is a directory: '/workspace/src'                          | invalid_arguments
          File path must be absolute: notes.txt                                | invalid_arguments
          JSONDecodeError: Unterminated string starting at: line 1 column 111 (char 110) | invalid_arguments
          Expecting ',' delimiter: line 1 column 50 (char 49)                  | invalid_arguments
          Finish message: Malformed function call                              | invalid_arguments
          Tool call was not properly formatted                                 | invalid_arguments
          Failed to receive tool input: missing field `display_description`   | invalid_arguments
          Object of type System.String cannot be converted to type System.Double[] | invalid_arguments
          Invalid sort parameter. Only valid values are a or b                 | invalid_arguments
          unable to call service script.run with data. 'entity_id' is required | invalid_arguments
          The user has specified a rule which prevents you from using this tool call. | policy_blocked
          This action is restricted for safety reasons at this time            | policy_blocked
          Tool loop guard stopped repeated failing calls to read after 3 attempts | policy_blocked
          Gateway execution role lacks permission to invoke Lambda function    | permission_denied
          This connector requires additional permissions.                      | permission_denied
          PermissionDenied: 403 Permission 'x.get' denied on resource '//x'    | permission_denied
          Your account was authorized but the integration rejected the credentials. | permission_denied
          read tool response failed: request failed: 401                       | permission_denied
          Could not find function SummarizeRepository in skill GitHubPlugin    | tool_not_found
          FunctionNotFoundError: Cannot find the function named news           | tool_not_found
          PluginNotFoundError: plugin not found                                | tool_not_found
          Error in call: function 'assistant to all' does not exist            | tool_not_found
          Error updating tool list: unhandled errors in a TaskGroup            | tool_unavailable
          Failed to query tools from MCP server: Session terminated            | tool_unavailable
          Error handling CallToolRequest: Error: Server not found              | tool_unavailable
          Terminal startup failed                                              | tool_unavailable
          Failed to discover browser connector server. Please ensure it is running | tool_unavailable
          Sandbox null is not healthy                                          | tool_unavailable
          Google search tool is not supported for model ollama/llama3          | tool_unavailable
          Error while fetching server API version: (2, CreateFile, not found)  | tool_unavailable
          duckduckgo: exec /sbin/docker-init: no such file or directory        | tool_unavailable
          Too many background tasks are already running                        | rate_limited
          Error processing messages: Response ended prematurely                | transport_error
          stream error: stream ID 1809; INTERNAL_ERROR; received from peer     | transport_error
          User did not confirm the execution of the drop-database tool.        | policy_blocked
          In readOnly mode you can not run pipelines with $out or $merge stages. | policy_blocked
          You can't write against a read only replica.                         | policy_blocked
          policy denied tool push_files: writes are disabled by organization policy | policy_blocked
          Agent tools require user authentication. Provide an API key.         | permission_denied
          No AWS credentials found. Please configure your AWS credentials.     | permission_denied
          TAVILY_API_KEY environment variable is required.                     | permission_denied
          Could not find command: azmcp_storage_account_lst                    | tool_not_found
          ERROR: Kernel not ready                                              | tool_unavailable
          MCP Actor not running, call initialize() first                       | tool_unavailable
          Too many active subscriptions. Close unused subscriptions and try again. | rate_limited
          Error: Crew did not complete within 600 seconds                      | timeout
          Money transfer wasn't confirmed by the user                          | policy_blocked
          Elicitation via URL declined by user                                 | policy_blocked
          Path /files/../admin contains a dot-segment, which could lead to path traversal. | policy_blocked
          Code shouldn't use os functions as this could lead to malicious code execution. | policy_blocked
          Error 40101: Authorization required. Find your API Key in the settings. | permission_denied
          You do not have access to the following tables: db.sales             | permission_denied
          Error: OPENAI_API_KEY not set in config or environment               | permission_denied
          Could not attach to MCP server blender.                              | tool_unavailable
          SDK MCP server 'calculator' is not running                           | tool_unavailable
          Waiting for server to respond to `initialize` request...             | tool_unavailable
          ten is not a valid value for Int32. (Parameter 'count')              | invalid_arguments
          Argument "days" is not convertable to int, got java.lang.String      | invalid_arguments
          argument "limit" cannot be converted to int                          | invalid_arguments
          'old_str' matches 3 locations in the file. Provide more context.     | invalid_arguments
          Write rejected to prevent accidental data loss: README.md already exists | invalid_arguments
          Snapshot ID "1-42" is stale or not actionable; call snapshot again.  | invalid_arguments
          Too many files requested. Maximum is 50 files per request.           | invalid_arguments
          ❌ Error: promptId is required when action is get_prompt              | invalid_arguments
          Either device or both width and height parameters are required       | invalid_arguments
          Unknown agent type: reviewer. Available agents: general, explorer    | invalid_arguments
          MCP error -32000: Internal tool error                                | execution_failed
          Error: Exception while invoking function. No default task list found. | execution_failed
          EMFILE: too many open files, scandir '/repo/node_modules'            | execution_failed
          OSError: [Errno 28] No space left on device                          | execution_failed
          Vector dimension mismatch. First vector has 1024 dimensions.         | execution_failed
          Error placing image: No such element                                 | execution_failed
          Refusing to run kubectl with flag --server                           | policy_blocked
          Error: Metadata updates are disabled. Set ALLOW_METADATA_UPDATES=true | policy_blocked
          Workspace filesystem is read-only.                                   | policy_blocked
          Scrapybara API key not provided. Please provide one.                 | permission_denied
          No function named step1_search                                       | tool_not_found
          Inference requested a non-existent tool: lookup_order               | tool_not_found
          Error clicking element: Must provide either ref or both x and y      | invalid_arguments
          Caught Exception. Error: filepath argument missing in arguments      | invalid_arguments
          Function arguments are not a valid JSON object. Please fix and retry. | invalid_arguments
          No applicable hunks found in patch.                                  | invalid_arguments
          Error: Line offset 2000 exceeds file length (148 lines)              | invalid_arguments
          Node management operation failed: Unknown operation: reboot          | invalid_arguments
          Error: String 'return null;' appears 4 times in file.                | invalid_arguments
          Task 8f14 did not reach terminal state within 30.0s                  | timeout
          Error: 'charmap' codec can't decode byte 0x8f in position 5482       | execution_failed
          human agent declined to connect: busy with another caller           | policy_blocked
          {"error":"No accounts found. Please login first."}                  | permission_denied
          Invoking get_weather() failed as the following mandatory input parameters are not present: city | invalid_arguments
          Error: old_string and new_string are identical. No changes to make.  | invalid_arguments
          ValueError: Parameters location is required!                         | invalid_arguments
          Unknown function: get_wether - available tools: get_weather          | tool_not_found
          Tool web_search does not exists.                                     | tool_not_found
          The tool browser_navigate in group browser is currently inactive.    | tool_unavailable
          MCP error -32603: Mock server not found: e4a1b7c9                    | execution_failed
          Could not find exact match for edit: const port = 3000;              | invalid_arguments
          No replacement was performed, old_str did not appear verbatim in app.py. | invalid_arguments
          Unrecognized command replace_all. The allowed commands are: view, create | invalid_arguments
          Provide exactly one of query or runId.                               | invalid_arguments
          fullPage cannot be used with element screenshots.                    | invalid_arguments
          The path src/app.py is not an absolute path                          | invalid_arguments
          URL is required                                                      | invalid_arguments
          Error: No file path provided.                                        | invalid_arguments
          Invalid time format. Expected HH:MM [24-hour format]                 | invalid_arguments
          Compression format rar is not supported. Allowed formats: zip, tar   | invalid_arguments
          Coordinates 1500, 900 are out of bounds                              | invalid_arguments
          参数 city 无效                                                        | invalid_arguments
          Failed to create refund                                              | execution_failed
          Lighthouse audit failed.                                             | execution_failed
          channel #old-project not found                                       | execution_failed
          Cannot rename the requested collection because it doesn't exist.     | execution_failed
          找不到指定的频道                                                       | execution_failed
          Action browse_interactive does not exist.                            | tool_not_found
          Error: Command /rn not found.                                        | tool_not_found
          Tool 'search_web' has reached its usage limit of 3 times             | rate_limited
          Failed to fetch https://example.com/: [Errno -2] Name or service not known | tool_unavailable
          Failed to create kernel: no Jupyter server answered                  | tool_unavailable
          MCP functionality is not available on Windows                        | tool_unavailable
          Connection lost. The server may have disconnected.                   | transport_error
          Command timed out after 2m 0s (exit code 143)                        | timeout
          tool call exceeded 300000ms                                          | timeout
          The subagent was stopped by the user.                                | ambiguous_outcome
          Runtime crashed and is being restarted                               | ambiguous_outcome
          The sandbox was terminated due to out-of-memory (OOM).               | ambiguous_outcome
          MCP tool call completed without a result                             | ambiguous_outcome
          Storage failed: Rate limited after 3 retries (stored 2/5 before failure) | ambiguous_outcome
          Batch partially applied: 3 of 10 written                             | ambiguous_outcome
          Error: Aborted!                                                      | ambiguous_outcome
          ripgrep exited with code null                                        | ambiguous_outcome
          User rejected bash command: rm -rf build                             | policy_blocked
          The user doesn't want to proceed with this tool use.                 | policy_blocked
          Permission to use Bash with command ssh -V has been denied.          | policy_blocked
          MCP tool call requires approval                                      | policy_blocked
          PreToolUse:Bash hook error                                           | policy_blocked
          Access denied - path outside allowed directories: /etc/hosts       | policy_blocked
          Only SELECT queries are allowed                                      | policy_blocked
          Blocking navigation to disallowed URL                                | policy_blocked
          Command contains blocked operators for this shell: &, ;             | policy_blocked
          Authentication Failed: Bad credentials                               | permission_denied
          Invalid Tavily API key                                               | permission_denied
          No API key provided. Set the TAVILY_API_KEY environment variable.    | permission_denied
          OAuth token requires the database:write scope                        | permission_denied
          Authorization with the MCP server failed.                            | permission_denied
          The caller does not have permission                                  | permission_denied
          current_date() got an unexpected keyword argument 'type'             | invalid_arguments
          scroll() missing 1 required positional argument: 'scroll_x'          | invalid_arguments
          InputValidationError: The required parameter `command` is missing    | invalid_arguments
          1 validation error for SearchArgs query Field required               | invalid_arguments
          Too many arguments to single-input tool Calculator.                  | invalid_arguments
          timeoutMs must be positive                                           | invalid_arguments
          No MCP Tool found for tool call                                      | tool_not_found
          Observation: [Python REPL] is not a valid tool, try another one.     | tool_not_found
          Model tried to call unavailable tool 'shell'.                        | tool_not_found
          unsupported tool: AwaitShell                                         | tool_not_found
          MCP error -32603: Method API_post_search not found                   | tool_not_found
          MCP startup incomplete (failed: code-index)                          | tool_unavailable
          MCPManager has not been initialized.                                 | tool_unavailable
          No tools available. Chat functionality may be limited.               | tool_unavailable
          Couldn't reach the MCP server.                                       | tool_unavailable
          Failed to list or register tools for MCP server 'github'             | tool_unavailable
          Code execution is set to run in docker but docker is not running.    | tool_unavailable
          Kernel has been shut down                                            | tool_unavailable
          Sandbox is not available                                             | tool_unavailable
          ENOENT: no such file or directory, uv_spawn 'cmd.exe'                | tool_unavailable
          env: node: No such file or directory                                 | tool_unavailable
          ConnectTimeoutError: Connection to 10.0.0.7 timed out. (connect timeout=10) | tool_unavailable
          Monthly quota exceeded.                                              | rate_limited
          Sandbox resource limit reached (16), please try again later.         | rate_limited
          Error from mcp-server: Channel closed                                | transport_error
          McpError: Session terminated                                         | transport_error
          SSE stream disconnected: TypeError: terminated                       | transport_error
          peer closed connection without sending complete message body         | transport_error
          ✗ Execution failed: Cannot read properties of undefined (reading 'type') | execution_failed
          'McpExecutor' object has no attribute 'config'                       | execution_failed
          sqlite3.OperationalError: database is locked                         | execution_failed
          KeyError: 'items'                                                    | execution_failed
          java.lang.NullPointerException: Cannot invoke "String.length()"      | execution_failed
          Object reference not set to an instance of an object.                | execution_failed
          panic: runtime error: index out of range [3] with length 3           | execution_failed
          JSONDecodeError: Expecting value: line 1 column 1 (char 0)           | execution_failed
          duplicate key value violates unique constraint "users_pkey"          | execution_failed
          ORA-00942: table or view does not exist                              | execution_failed
          fatal: not a git repository (or any of the parent directories): .git | execution_failed
          src/app.ts(3,5): error TS2304: Cannot find name 'foo'.               | execution_failed
          ENOENT: no such file or directory, open '/home/project/a.tsx'        | execution_failed
          read_file failed with the message: Could not find file notes.md      | execution_failed
          multi_edit failed: File c:/code/script.js does not exist             | execution_failed
          RangeError: Maximum call stack size exceeded                         | execution_failed
          Tool failed: old_string not found in app.py. It must match exactly.  | invalid_arguments
          Found multiple matches for oldString. Provide more context.          | invalid_arguments
          Failed to find a matching location in the file (28% confidence, needs 98%) | invalid_arguments
          Invalid patch: The first line of the patch must be '*** Begin Patch' | invalid_arguments
          Search and replace content are identical - no changes would be made  | invalid_arguments
          You must read the file src/X.go before overwriting it.               | policy_blocked
          File has been modified since it was last read                        | policy_blocked
          Tool apply_patch is currently disabled by the user                   | policy_blocked
          File type not allowed                                                | policy_blocked
          It is not permitted to evaluate other functions than the tools       | policy_blocked
          File path must be within the root directory (/work)                  | policy_blocked
          Exception: Invalid Authorization token.                              | permission_denied
          No connected account found                                           | permission_denied
          Tool copilot_codebase was not contributed                            | tool_not_found
          unsupported call: functions__exec                                    | tool_not_found
          BrowserType.launch: Executable doesn't exist at /ms-playwright/chrome | tool_unavailable
          ripgrep (rg) is required but could not be started                    | tool_unavailable
          Container creation failed: unknown runtime name: runsc               | tool_unavailable
          SSL_connect: error:0A000086:SSL routines::certificate verify failed  | tool_unavailable
          HTTP 429: local_rate_limited                                         | rate_limited
          Resource has been exhausted (e.g. check quota).                      | rate_limited
          [WinError 10060] A connection attempt failed because the connected party did not properly respond | timeout
          Error: This socket has been ended by the other party                 | transport_error
          Page.goto: net::ERR_CONNECTION_CLOSED at https://example.com/        | transport_error
          [Tool result missing due to internal error]                          | ambiguous_outcome
          RangeError: stdout maxBuffer length exceeded                         | execution_failed
          undefined is not an object (evaluating 'output.args')                | execution_failed
          Tool execution was cancelled by the user (tool `run` was not executed). | policy_blocked
          Error: request to call tool denied. User reason: not now             | policy_blocked
          Read-only mode: write operations are disabled                        | policy_blocked
          Error: Failed to send email: invalid_grant                           | permission_denied
          Request had insufficient authentication scopes.                      | permission_denied
          MCP error -32600: Authentication tokens are no longer valid.         | permission_denied
          Insufficient credits to perform this request.                        | rate_limited
          Too many concurrent active sessions. Please wait for one to finish.  | rate_limited
          Execution Time Limit Exceeded                                        | timeout
          WebSocket is not open: readyState 3 (CLOSED)                         | tool_unavailable
          Browser specified in your config is not installed.                   | tool_unavailable
          Could not fetch tools from server                                    | tool_unavailable
          [error] Server exited before responding to `initialize` request.     | tool_unavailable
          Error: net::ERR_NAME_NOT_RESOLVED at http://mail.internal/           | tool_unavailable
          run_terminal_command failed with the message: spawn UNKNOWN          | tool_unavailable
          An error occurred when calling tool weather: ClosedResourceError     | transport_error
          Debugging connection was closed. Reason: websocket disconnected      | transport_error
          Error: No response received while scraping. The server is unreachable. | ambiguous_outcome
          name 'traceback' is not defined                                      | execution_failed
          ImportError: cannot import name 'document' from 'js'                 | execution_failed
          Failed to execute query: Invalid object name 'NonexistentTable'.     | execution_failed
          syntax error at or near ";"                                          | execution_failed
          No ToolCallback found for tool name: execute_sql                     | tool_not_found
          unknown AI function `lookup_weather`                                 | tool_not_found
          java.lang.IllegalArgumentException: No enum constant Color.PURPLE    | invalid_arguments
          Cannot construct instance of `java.util.ArrayList`: no String-argument constructor | invalid_arguments
          java.lang.reflect.InvocationTargetException                          | execution_failed
          MCPClientError: Attempted to send a request from a closed client     | tool_unavailable
          Server linkedin is in ERROR state                                    | tool_unavailable
          error: MCP stdio spawn failed (cmd="npx")                            | tool_unavailable
          429 insufficient_quota / credit_balance_exhausted                    | rate_limited
          anyio.BrokenResourceError                                            | transport_error
          OSError: [Errno 30] Read-only file system: '/workspace/out.txt'      | policy_blocked
          Command 'rm' is not in the allowed commands list.                    | policy_blocked
          Unexpected argument(s): cwd. Use only those in the allowed arguments. | invalid_arguments
          403 Resource not accessible by integration                           | permission_denied
          The push failed due to access permissions                            | permission_denied
          No replacement was performed. Multiple occurrences of old_str found. | invalid_arguments
          Tool call rejected. Waiting for user response.                       | policy_blocked
          Write denied: '.env' is a protected credential file.                 | policy_blocked
          PyAutoGUI fail-safe triggered from mouse moving to a corner          | policy_blocked
          AppleScript execution failed: /bin/sh: 1: osascript: not found       | tool_unavailable
          Failed to load MCP servers. Make sure Claude Code is installed.      | tool_unavailable
          Connection Error, is your MCP server running?                        | tool_unavailable
          工具调用已取消                                                        | ambiguous_outcome
          ツールの実行はキャンセルされました                                       | ambiguous_outcome
          도구 실행이 취소되었습니다                                              | ambiguous_outcome
          Выполнение инструмента прервано                                      | ambiguous_outcome
          La ejecución de la herramienta fue cancelada                         | ambiguous_outcome
          Werkzeugaufruf abgebrochen                                           | ambiguous_outcome
          L'appel de l'outil a été interrompu                                  | ambiguous_outcome
          该操作被策略阻止                                                       | policy_blocked
          ユーザーが拒否しました                                                  | policy_blocked
          Herramienta bloqueada: rechazado por el usuario                      | policy_blocked
          调用工具失败：权限不足                                                  | permission_denied
          ファイルへのアクセスが拒否されました                                      | permission_denied
          이 파일에 접근할 권한이 없습니다                                          | permission_denied
          Ошибка: доступ запрещён                                              | permission_denied
          Zugriff verweigert: /etc/shadow                                      | permission_denied
          Accès refusé au fichier                                              | permission_denied
          调用失败：缺少必填参数 path                                              | invalid_arguments
          引数が不正です: path                                                   | invalid_arguments
          잘못된 매개변수: path                                                   | invalid_arguments
          Неверный параметр path                                               | invalid_arguments
          Parámetro inválido: path                                             | invalid_arguments
          Paramètre manquant : path                                            | invalid_arguments
          工具不存在: read_fle                                                    | tool_not_found
          ツールが見つかりません: read_fle                                          | tool_not_found
          Инструмент не найден: read_fle                                        | tool_not_found
          Ferramenta não encontrada: read_fle                                  | tool_not_found
          无法连接到 MCP 服务器 filesystem                                         | tool_unavailable
          MCP サーバーに接続できません                                              | tool_unavailable
          MCP 서버에 연결할 수 없습니다                                             | tool_unavailable
          Не удалось подключиться к MCP-серверу                                 | tool_unavailable
          No se pudo conectar al servidor MCP                                  | tool_unavailable
          Impossible de se connecter au serveur MCP                            | tool_unavailable
          请求过于频繁，请稍后再试                                                  | rate_limited
          Zu viele Anfragen                                                    | rate_limited
          工具调用超时                                                           | timeout
          ツールの呼び出しがタイムアウトしました                                      | timeout
          Превышено время ожидания ответа инструмента                          | timeout
          Zeitüberschreitung beim Aufruf des Werkzeugs                         | timeout
          MCP 服务器连接已断开                                                    | transport_error
          Conexión perdida con el servidor MCP                                 | transport_error
          命令执行失败，退出码 1                                                  | execution_failed
          Ошибка выполнения инструмента                                        | execution_failed
          Erro ao executar a ferramenta                                        | execution_failed
          Error executing tool add_rows: Number of ids (3) must match number of rows (2). | invalid_arguments
          Error executing tool get_details: Either name or id must be provided | invalid_arguments
          Error executing tool get_details: connection pool exhausted          | execution_failed
          failed to get tools: calling "tools/list": Method 'tools/list' not found. | tool_unavailable
          Host returned an error while listing tools: response does not match the expected schema | tool_unavailable
          Search tools are currently unavailable (server may be down)          | tool_unavailable
          Tool 'search_web' circuit breaker open - too many recent failures    | tool_unavailable
          requests not installed. Install with: pip install requests           | tool_unavailable
          ImportError: pandas is not installed in the tool execution environment | tool_unavailable
          Rate exceeded                                                        | rate_limited
          Operation failed: Quota limit exceeded for the search API            | rate_limited
          The request was canceled due to the configured HttpClient.Timeout of 100 seconds elapsing. | timeout
          The command failed to complete in 15000ms                            | timeout
          Upload failed: no data received                                      | transport_error
          not_authed                                                           | permission_denied
          ACTION REQUIRED: Authentication Needed                               | permission_denied
          Session expired, please log in again                                 | permission_denied
          GITHUB_ACCESS_TOKEN environment variable is not set                  | permission_denied
          Failed to obtain Azure DevOps token                                  | permission_denied
          Command rejected by policy: matched deny pattern rm -rf             | policy_blocked
          Execution denied: this command is not on the allowlist.              | policy_blocked
          Query REJECTED for safety: it calls a function that reads files      | policy_blocked
          This tool call is rejected.                                          | policy_blocked
          Action 'lead_form' is not a registered action for this domain.       | tool_not_found
          No tool with "fs_search" is found                                    | tool_not_found
          A tool with the name 'web_fetch' does not exist                      | tool_not_found
          Failed to match the provided `old_string`                            | invalid_arguments
          Cannot update 'app.py': file changed since it was read - re-read before editing | invalid_arguments
          Could not parse unified diff: no valid hunks found                   | invalid_arguments
          Parameter 'override' can only be specified together with parameter 'preview'. | invalid_arguments
          Unknown category "cicd". Available: issues, wiki                     | invalid_arguments
          apply_patch input must start with "*** Begin Patch".                 | invalid_arguments
          Invalid params: Tool not found: get_weather                          | tool_not_found
          Unknown tool: browse. Available: bash, open, edit                    | tool_not_found
          Tool zoom is invalid                                                 | tool_not_found
          Invalid timeout value. Timeout must be a positive number             | invalid_arguments
          Error: The specified text was not found in /workspace/app.py         | invalid_arguments
          navigate was called with unsupported argument(s): wait_for           | invalid_arguments
          Unknown fetch backend 'chrome'. Supported: httpx, curl               | invalid_arguments
          Recipient, subject and body are required for send operation          | invalid_arguments
          Error: 'doi:10.1234' does not appear to be a valid DOI.              | invalid_arguments
          You can't specify both `tests` and `testLevel` parameters.           | invalid_arguments
          Error: admin rights required to toggle slow mode.                    | permission_denied
          Cannot access the Maps app. Please grant access in System Settings.  | permission_denied
          Monday API token is required to execute requests                     | permission_denied
          Operation rejected for security.                                     | policy_blocked
          The user declined the `bash` call                                    | policy_blocked
          Error: repomix executable not found (looked up "repomix")            | tool_unavailable
          DocxConverter threw MissingDependencyException                       | tool_unavailable
          All configured search instances are in cooldown after repeated failures | tool_unavailable
          No browser is connected to the control page.                         | tool_unavailable
          The browser disconnected before responding.                          | transport_error
          This key is out of quota. Please top up this key.                    | rate_limited
          Could not find a task matching "Buy groceries"                       | execution_failed
          The search tool has been disabled.                                   | policy_blocked
          MCP server "filesystem" is disabled                                  | tool_unavailable
          Your connection has expired. Reconnect it before using it.           | permission_denied
          We couldn't connect your account                                     | permission_denied
          command response deadline reached; dropping the response             | timeout
          HostManager#listTools failed: fetch failed                           | tool_unavailable
          正在连接 MCP，工具可用后会自动出现                                           | tool_unavailable
          Command 'build' exceeded total deadline of 90.0s                     | timeout
          The editor did not respond to 'read_console' within 2.0s             | timeout
          Operation cancelled: Human approval was not granted.                 | policy_blocked
          This tool requires site administrator permissions.                   | permission_denied
          Error: Invalid API token: check your APP_TOKEN environment variable. | permission_denied
          No game engine is connected for your account.                        | tool_unavailable
          No editor instances found. Please open a project first.              | tool_unavailable
          Error: Provide either `query` or `paper_id`.                         | invalid_arguments
          voice_id and voice_name cannot both be provided.                     | invalid_arguments
          Operation aborted: the user chose not to run it.                     | policy_blocked
          Dangerous operation blocked: TRUNCATE is forbidden                   | policy_blocked
          Rollback failed after the write; rows may remain                     | ambiguous_outcome
          worker stream idle for 120s; giving up                               | timeout
          No Jira API key available for this session                          | permission_denied
          Notion credentials not found in the environment                      | permission_denied
          認証が必要です。ログインしてください。                                         | permission_denied
          人数上限を超えたため、記事の保存に失敗しました                                    | execution_failed
          回答生成失败，请稍后查看                                                   | execution_failed
          일일 트래픽 초과 (코드: 22)                                              | rate_limited
          Update must include at least one field to change                     | invalid_arguments
          Missing project argument                                             | invalid_arguments
          No columns specified                                                 | invalid_arguments
          Query text cannot exceed 2000 characters                             | invalid_arguments
          Temperature must be between 0 and 2                                  | invalid_arguments
          删除记录时必须提供 recordId                                              | invalid_arguments
          시작일은 YYYYMMDD 형식이어야 합니다.                                        | invalid_arguments
          不支持的图片格式: .bmp。支持的格式: .png, .jpg                                 | invalid_arguments
          No matching invoices were found for this customer.                   | execution_failed
          Error: image search returned no items                                | execution_failed
          Failed to query ClickHouse: DNS resolution failed for ch.internal    | tool_unavailable
          App Preview did not finish within 10 seconds                         | timeout
          The job's outcome is indeterminate; do not run it again              | ambiguous_outcome
          The user has declined permission to use this tool: shell__exec       | policy_blocked
          Command not in allowed list: 'wget'                                  | policy_blocked
          Writes in the prod namespace are restricted.                         | policy_blocked
          Azure credentials are not available. Run az login first.             | permission_denied
          Missing OpenWeather API key.                                         | permission_denied
          limit is only valid when mode is list                                | invalid_arguments
          swipe requires either an element id, or both start and end points    | invalid_arguments
          Empty query text                                                     | invalid_arguments
          Board "Sprint 9" not found. Available boards: Sprint 7, Sprint 8     | invalid_arguments
          jq is not installed or not in PATH                                   | tool_unavailable
          Search service not available                                         | tool_unavailable
          MCP server "git" has no running client                               | tool_unavailable
          Error while renaming the branch                                      | execution_failed
          Unable to delete bucket reports-2024                                 | execution_failed
          Dashboard server is not reachable at http://localhost:4000           | tool_unavailable
          No editor client connected. Open the canvas first.                   | tool_unavailable
          Not authenticated. Run the login tool first.                         | permission_denied
          Your token doesn't have the 'repo:write' scope                       | permission_denied
          Deleting topics requires --allow-write flag                          | policy_blocked
          The page size should be greater than or equal to 1                   | invalid_arguments
          Field 'Price' expects a number, got string.                          | invalid_arguments
          Only PNG files are supported. Got .gif                               | invalid_arguments
          Could not locate the release notes section                           | execution_failed
          {"error":"No matching orders found for customer 42"}                 | execution_failed
          """)
  void readsTheMeaningInAnyOfItsWords(String message, String observed) {
    ToolDecision d = ToolFailureClassifier.INSTANCE.classify(new RuntimeException(message), SHELL);

    assertThat(d.observedKind().wireName()).as(message).isEqualTo(observed);
  }

  // Words of a connection or a limit that the tool's own work ran into are not a tool never
  // reached: the call may have done part of its work, so it is not handed on as safe to retry.
  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          Error: Connection failed while uploading file chunk 3 of 5
          Upload failed: cannot reach storage bucket after writing 3 files
          Error: listen EADDRINUSE: address already in use :::3000
          Error: limit reached for page size
          connection closed: calling "tools/call": client is closing: EOF
          Error calling tool 'search_files': Request error (ConnectError): All connection attempts failed
          """)
  void theToolsOwnWorkRunningIntoAFailureIsNotHandedOnAsSafe(String message) {
    ToolDecision d = ToolFailureClassifier.INSTANCE.classify(new RuntimeException(message), SHELL);

    assertThat(d.retrySafe()).as(message).isFalse();
  }

  // A program the MCP host could not find when it started the server is a server that never
  // started, not a tool it lacks.
  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          Failed to connect to "filesystem"\\nError: command "npx" not found.
          spawn uvx ENOENT
          """)
  void aServerWhoseProgramIsMissingNeverStarted(String message) {
    ToolDecision d =
        ToolFailureClassifier.INSTANCE.classify(
            new RuntimeException(message.replace("\\n", "\n")), SHELL);

    assertThat(d.observedKind()).isEqualTo(ToolFailureKind.TOOL_UNAVAILABLE);
    assertThat(d.action()).isEqualTo(ToolAction.FAILOVER_AGENT);
  }

  // A failure that only says the call itself failed names no cause: it stays unknown and keeps
  // failover (not safe to retry for a non-idempotent call), as a status printed beside the words
  // does when that status does not fail closed.
  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          Request failed.
          Command failed
          Failed to call tool 'search_files' on MCP server 'filesystem': Request failed.
          Sorry, your request failed
          Request failed with status code 404
          请求失败
          リクエストに失敗しました
          요청 실패
          """)
  void aFailureThatNamesNoCauseStaysUnknown(String message) {
    ToolDecision d = ToolFailureClassifier.INSTANCE.classify(new RuntimeException(message), SHELL);

    assertThat(d.observedKind()).as(message).isEqualTo(ToolFailureKind.UNKNOWN);
    assertThat(d.action()).isEqualTo(ToolAction.FAILOVER_AGENT);
    assertThat(d.retrySafe()).isFalse();
  }
}
