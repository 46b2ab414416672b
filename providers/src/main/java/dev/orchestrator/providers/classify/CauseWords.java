package dev.orchestrator.providers.classify;

import static dev.orchestrator.providers.classify.FailureWords.*;

import dev.orchestrator.engine.internal.Regexes;
import dev.orchestrator.providers.classify.FailureRules.Clause;
import dev.orchestrator.providers.classify.FailureRules.Words;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The rest of {@link FailureWords}' vocabulary: the words of what failed where the rows of {@link
 * FailureRules} read the failure's cause — a proxy, a wait, a connection, a server or an upstream,
 * an answer that could not be used, a request's shape or its settled refusal, a failure that names
 * no cause or only asks to try again later. It is a class of its own only because one class's
 * static initializer holds at most 64 KiB of bytecode (ADR 0041, addendum); it reads {@link
 * FailureWords}' lists, never the other way round, so the two initialise in one order. {@link
 * PhraseIndex} indexes it with the others. Immutable.
 */
final class CauseWords {

  private CauseWords() {}

  // A client that could not get through its proxy (row transient.proxy_words).
  static final List<String> PROXY_FAILED_WORDING =
      List.of(
          "cannot connect to proxy",
          "unable to connect to proxy",
          "tunnel connection failed",
          "proxy connection failed");

  static final List<String> TIMEOUT_WORDING =
      List.of(
          // an answer not sent in the time allowed ("Your model primary did not complete sending
          // the inference response in the allotted time", SageMaker), a worker stopped at its CPU
          // time limit ("Worker exceeded CPU time limit.", Cloudflare Workers)
          "in the allotted time",
          "exceeded cpu time limit",
          // a deadline named exceeded ("request to publishers/google/models/… exceeded deadline of
          // 120s")
          "exceeded deadline",
          // gRPC's DEADLINE_EXCEEDED as Google's clients word it ("Deadline expired before
          // operation could complete"), an edge function's wall-clock limit ("wall clock duration
          // reached")
          "deadline expired",
          "wall clock",
          // an app that did not answer in time, hyphenated (Zapier's "The app did not respond
          // in-time")
          "respond in-time",
          // an upstream that keeps timing out ("The upstream server is timing out")
          "timing out",
          // timed out, in Indonesian word order ("Permintaan API habis waktu")
          "habis waktu",
          // took too long, or the request's time ran out, as consumer apps put it in Swedish,
          // English, Czech, Greek, Hebrew, Arabic, Persian, Hindi, Thai, Chinese and Japanese
          "tog för lång tid",
          "took longer than expected",
          "časový limit",
          "χρονικού ορίου",
          "הזמן הקצוב",
          "انتهت مهلة",
          "زمان درخواست به پایان",
          "समय समाप्त",
          "ใช้เวลานานเกินไป",
          "時間過長",
          "時間がかかりすぎ",
          "timed out",
          "timeout",
          "deadline exceeded",
          // Node's ETIMEDOUT and ESOCKETTIMEDOUT, Rust's io::ErrorKind::TimedOut
          "timedout",
          "stream stalled",
          "超时",
          // in German, Japanese, Korean, Spanish, Portuguese, French, Russian, Vietnamese, Turkish
          "zu lange gedauert",
          // took too long, in Portuguese, Spanish, French, Italian ("O Copilot demorou muito para
          // se preparar")
          "demorou muito",
          "tardó demasiado",
          "a pris trop de temps",
          "impiegato troppo",
          "zeitüberschreitung",
          "タイムアウト",
          "시간 초과",
          "tiempo de espera",
          "tempo limite",
          "délai d'attente",
          "тайм-аут",
          "таймаут",
          "истекло время",
          "hết thời gian",
          "zaman aşımı",
          // in Traditional Chinese, Italian, Indonesian, Thai, Arabic, Persian, Polish, Dutch,
          // Ukrainian
          "逾時",
          "tempo scaduto",
          "waktu habis",
          "หมดเวลา",
          "انتهت المهلة",
          "مهلت زمانی",
          "przekroczono limit czasu",
          "time-out",
          "час очікування",
          // no answer received
          "没有收到",
          "did not receive a response",
          // no answer in time, in English, Korean, Russian, French, Indonesian, Italian
          "respond in time",
          "responded in time",
          "시간이 초과",
          "время ожидания",
          "délai de lecture",
          "délai de réponse",
          "batas waktu",
          "waktu tunggu",
          "waktu permintaan habis",
          "tempo di attesa",
          // the request named expired, in Portuguese and French; a read that ran out of time, in
          // Indonesian
          "solicitação expirou",
          "requisição expirou",
          "requête a expiré",
          "waktu baca",
          // no answer from upstream, a request timed out, in German, Spanish, French and Vietnamese
          "keine antwort vom",
          "solicitud agotada",
          "expiré en attendant",
          "thời gian chờ",
          // a plugin or service that gave no answer within its seconds, in Chinese ("插件60秒未响应")
          "秒未响应",
          "秒內未回應",
          "秒内未响应",
          // an answer that took too long
          "took too long");

  // A local file's error, whatever the app calls the failure (Firefox's and Zotero's
  // NS_ERROR_FILE_UNRECOGNIZED_PATH under "连接失败", connection failed): not the network's.
  static final List<String> LOCAL_FILE_FAULT = List.of("ns_error_file_");

  // Node's DNS failure code, at a word's start (never inside ResourceNotFoundException): "Error:
  // ENOTFOUND api.example.com", "getaddrinfo ENOTFOUND"
  static final Words NODE_DNS_FAILURE =
      Words.of(Clause.of("(?<![a-z0-9_])enotfound\\b", "enotfound"));

  static final List<String> CONNECTION_WORDING =
      List.of(
          // a TLS certificate Go's x509 refused, expired or not yet valid ("x509: certificate has
          // expired or is not yet valid"), an HTTP/2 stream the peer did not close ("curl: (92)
          // HTTP/2 stream 0 was not closed cleanly: PROTOCOL_ERROR"), a proxy's page that it could
          // not fetch the address (Squid's "The following error was encountered while trying to
          // retrieve the URL: …")
          "x509: certificate",
          "was not closed cleanly",
          "while trying to retrieve the url",
          // curl's exit 26 as Emacs's plz prints it ("Read error. Various reading problems."), an
          // extension's advice that its local server is not running ("Make sure you're running the
          // server by following the instructions …")
          "various reading problems",
          "make sure you're running the server",
          "make sure you are running the server",
          // a local program the relay reaches, not started ("Windsurf IDE is not running. Please
          // start Windsurf first")
          "is not running. please start",
          // no connection to make, in Dutch ("Kan geen verbinding maken met de server")
          "geen verbinding",
          // a host name no resolver knows (glibc's and macOS's getaddrinfo messages, .NET's "The
          // remote name could not be resolved"), a certificate chain not trusted (Node's
          // SELF_SIGNED_CERT_IN_CHAIN, OpenSSL's "unable to get local issuer certificate"), .NET's
          // "The response ended prematurely"
          "name or service not known",
          "nodename nor servname",
          "temporary failure in name resolution",
          "specified hostname could not be found",
          "remote name could not be resolved",
          "self-signed certificate",
          "self signed certificate",
          "unable to get local issuer certificate",
          "response ended prematurely",
          // .NET's TLS handshake that failed, whatever its inner AuthenticationException says
          "ssl connection could not be established",
          // an error met while talking to the provider, with the internet named ("An error occurred
          // while communicating with OpenAI. Please check your internet connection")
          "while communicating with",
          // an SDK that could not connect, whatever follows ("Error connecting to API endpoint: …")
          "error connecting to",
          "connection reset",
          // status 0: no HTTP answer came at all (Unreal's "invalid HTTP response code received …
          // HTTP code: 0", XHR's and Axios' "Request failed with status code 0")
          "http code: 0",
          "http code 0",
          "status code 0",
          "status code: 0",
          "response code 0",
          "response code: 0",
          // a browser's network error (Chromium's "net::ERR_ABORTED", "net::ERR_CONNECTION_CLOSED")
          "net::err_",
          // an answer cut while it was read ("生图任务失败: Error reading response")
          "error reading response",
          // OkHttp's answer that never began ("unexpected end of stream on http://…")
          "unexpected end of stream on",
          // a host or a network no route reaches (errno EHOSTUNREACH, ENETUNREACH); .NET's
          // HttpRequestException for a request it could not send ("An error occurred while sending
          // the request."); an answer cut while it was read (curl's (18) "transfer closed with
          // outstanding read data remaining" and (16) "Error in the HTTP2 framing layer", hyper's
          // IncompleteMessage, Python's IncompleteRead, httpx's and httpcore's ReadError)
          "ehostunreach",
          "enetunreach",
          "error occurred while sending the request",
          "transfer closed with outstanding read data",
          "http2 framing layer",
          "incompletemessage",
          "incompleteread",
          "httpx.readerror",
          "httpcore.readerror",
          // a socket the peer closed under a write, a host name that did not resolve (Node, Java)
          "epipe",
          "unknownhostexception",
          "connection refused",
          "connection closed",
          "connection error",
          "received no bytes",
          "econnreset",
          "econnrefused",
          "broken pipe",
          "socket hang up",
          "unexpected eof",
          "connection aborted",
          "remote end closed connection",
          "network connection lost",
          "连接失败",
          "网络错误",
          // the SDKs' class for a request that never reached the server (openai.APIConnectionError,
          // read as its words)
          // Node's, Python's and Envoy's words for a connection that failed or closed early
          "fetch failed",
          "getaddrinfo",
          "premature close",
          "server disconnected",
          "remote protocol error",
          "eof occurred in violation of protocol",
          // Java's TLS trust failure ("PKIX path building failed: … unable to find valid
          // certification path to requested target")
          "pkix path building failed",
          "certificate verify failed",
          "connection failure",
          "before headers",
          "no healthy upstream",
          "connection failed",
          "connect error",
          "cannot connect",
          "unable to connect",
          "connect call failed",
          "actively refused",
          "connection attempts failed",
          "failed to connect",
          "connect exception",
          "stream disconnected",
          "transport error",
          "could not reach",
          "unable to reach",
          "empty reply from server",
          // Chromium's net errors (net::ERR_CONNECTION_TIMED_OUT, read as words)
          "err connection",
          "err name not resolved",
          "err internet disconnected",
          "err network changed",
          "tls handshake",
          // Windows socket errors as Rust and Python print them (WSAETIMEDOUT, WSAECONNREFUSED),
          // and the same in Chinese
          "os error 10060",
          "os error 10061",
          "连接尝试失败",
          "无法连接",
          // the connection failed, in Traditional Chinese, Japanese, Korean, Russian, Spanish,
          // Portuguese, French, German, Italian, Turkish, Vietnamese, Indonesian, Arabic, Persian,
          // Polish, Dutch, Ukrainian
          "連線失敗",
          "無法連線",
          "網路錯誤",
          "接続できません",
          "接続に失敗",
          "ネットワークエラー",
          "연결 실패",
          "연결할 수 없",
          "네트워크 오류",
          "ошибка соединения",
          "не удалось подключиться",
          "error de conexión",
          "no se pudo conectar",
          "erro de conexão",
          "não foi possível conectar",
          "erreur de connexion",
          "impossible de se connecter",
          "verbindungsfehler",
          "verbindung fehlgeschlagen",
          "errore di connessione",
          "impossibile connettersi",
          "bağlantı hatası",
          "lỗi kết nối",
          "không thể kết nối",
          "gagal terhubung",
          "kesalahan koneksi",
          "خطأ في الاتصال",
          "خطا در اتصال",
          "błąd połączenia",
          "verbindingsfout",
          "помилка з'єднання",
          // …and in Catalan, Finnish, Estonian, Irish, Malay, Swedish, Danish, Norwegian, Czech,
          // Hungarian, Romanian, Greek, Bulgarian, Ukrainian, Polish, Hebrew, Hindi, Thai
          // and Tamil ("La connexió al servidor ha fallat", "Palvelinyhteys epäonnistui", "Ett
          // nätverksfel har inträffat"); a host that could not be found, in Spanish ("No se
          // encuentra el host de Ollama")
          "error de connexió",
          "connexió al servidor ha fallat",
          "palvelinyhteys epäonnistui",
          "yhteysvirhe",
          "ühenduse viga",
          "theip ar cheangal",
          "sambungan pelayan gagal",
          "serveranslutningen misslyckades",
          "kunde inte ansluta",
          "nätverksfel",
          "forbindelsesfejl",
          "tilkoblingsfeil",
          "chyba připojení",
          "kapcsolódási hiba",
          "eroare de conexiune",
          "σφάλμα σύνδεσης",
          "грешка при свързване",
          "не вдалося підключитися",
          "nie można połączyć",
          "שגיאת חיבור",
          "कनेक्शन त्रुटि",
          "การเชื่อมต่อล้มเหลว",
          "இணைப்பு தோல்வியடைந்தது",
          "no se encuentra el host",
          // a protocol broken mid-connection (net::ERR_HTTP2_PROTOCOL_ERROR read as words)
          "http2 protocol error",
          // Rust reqwest's and Go's words for a request that never got an answer
          "dial tcp",
          "server misbehaving",
          "no such host",
          // a browser's fetch that got no response
          "failed to fetch",
          // an SDK that could not talk to the API (openai-python 0.x "Error communicating with
          // OpenAI")
          "error communicating with",
          // a local server not running or refused by the browser's cross-origin check (Ollama), in
          // English, Chinese and Korean
          "is running properly",
          "cross-origin",
          "跨域",
          "교차 도메인",
          // a relay that could not reach its upstream address, in Chinese
          "上游地址失败",
          // a Go relay's own failed request (new-api/one-api "do request failed: Post …: EOF")
          "do request failed",
          // a local server not running properly, in German, Spanish, French, Portuguese and Turkish
          "ordnungsgemäß ausgeführt",
          "funcionando correctamente",
          "fonctionne correctement",
          "em execução corretamente",
          "düzgün çalış",
          // node-fetch's FetchError, raised only when no HTTP answer came ("request to … failed,
          // reason: …")
          "failed, reason:",
          // a request that could not be sent (Rust's reqwest, Supabase's client)
          "error sending request",
          "failed to send a request");

  // A connection that could not be opened (row in_band.connect_failed).
  // A connection that timed out while it was being opened, as Go and curl print it ("dial tcp
  // 142.250.74.10:443: i/o timeout", "curl: (28) Failed to connect to api.openai.com port 443 after
  // 75002 ms: Timeout was reached"): nothing was sent.
  static final Words CONNECT_TIMED_OUT =
      Words.of(
          Clause.of(
              "\\bdial tcp [^\\n]{0,60}?: i/o timeout\\b|\\bfailed to connect to [^\\n]{0,80}?timeout was reached\\b",
              "dial tcp",
              "timeout was reached"));

  static final List<String> CONNECT_FAILED_WORDING =
      List.of(
          // a WebSocket whose socket failed under it (Azure Speech's WS_ERROR_UNDERLYING_IO_ERROR)
          "underlying_io_error",
          // .NET's host that is not known ("No such host is known", "不知道这样的主机")
          "no such host is known",
          "不知道这样的主机",
          // a name that did not resolve (Envoy's "name resolution failed")
          "name resolution failed",
          // refused outright, or a certificate that did not verify: the connection never opened,
          // whatever else the words say ("not a timeout: the connection was refused")
          "connection refused",
          "connection was refused",
          "econnrefused",
          "certificate verify failed",
          "cannot connect to host",
          "client connector error",
          "connect timeout",
          "connect timed out",
          // Node's connect-phase timeout ("reason: connect ETIMEDOUT 1.2.3.4:443"), Java's
          // ("ConnectException: Connection timed out: connect")
          "connect etimedout",
          "connection timed out: connect",
          "connecttimeout",
          "failed to establish a new connection",
          // the host name could not be resolved (a DNS failure: nothing was sent), in the corpus's
          // languages
          "resolve hostname",
          // curl's (6)
          "could not resolve host",
          "resolve host name",
          "resolve the host",
          "域名解析失败",
          "域名解析失敗",
          "名前解決に失敗",
          "호스트 이름을 확인할 수 없",
          "разрешить имя хоста",
          "resolver el nombre del host",
          "resolver o nome do host",
          "résolution du nom d'hôte",
          "hostname konnte nicht aufgelöst",
          "adı çözümlenemedi",
          "phân giải tên máy chủ",
          "menyelesaikan nama host",
          "risolvere il nome host");

  // Werkzeug's (Flask's) stock 500 text, which names overload only as a possibility.
  static final List<String> GENERIC_500_WORDING =
      List.of("either the server is overloaded or there is an error in the application");

  // A gateway's words for a provider that did not answer it (transient.upstream_failed_4xx).
  // The provider behind the gateway did answer, and refused the request: the gateway's "upstream
  // request failed" then wraps a request error, not a missing answer (row
  // transient.upstream_failed_4xx).
  static final Set<String> UPSTREAM_REFUSED_REQUEST_CODES = Set.of("invalid_request_error");

  static final List<String> UPSTREAM_FAILED_WORDING =
      List.of(
          "failed to get response from provider",
          "no response from provider",
          "no response from upstream",
          "upstream request failed",
          // NVIDIA's NVCF, whose function (the model's deployment) is unhealthy: "DEGRADED function
          // cannot be invoked"
          "degraded function cannot be invoked",
          // Dify's completion_request_error
          "completion request failed");

  // The model's answer that could not be used: an output parser that failed on it, choices or
  // candidates empty, only reasoning and no answer, tool-call arguments the model formed wrong or
  // left empty, an answer cut at the length limit (the SDKs' and agents' own words; the written
  // tables' empty answers). Read as an empty answer (EMPTY_WORDING), and kept from the request
  // rows (GARBLED_RESPONSE_WORDING).
  static final List<String> UNUSABLE_ANSWER_WORDING =
      List.of(
          // an empty answer named received, whatever advice about the server follows ("An empty
          // response was received from Oobabooga. Please check that the AI is running properly")
          "empty response was received",
          // a completion the API returned that could not be parsed, in Chinese ("API 返回的 completion
          // 无法解析：ParsedChatCompletion[…content='' …]")
          "completion 无法解析",
          // a backend's answer judged wrong by the app that asked ("ML backend returns an incorrect
          // response, results field must be a list with at least one item")
          "returns an incorrect response",
          // a tool call the model formed for a tool it was not given or with arguments its schema
          // refuses, in the Vercel AI SDK's words ("AI_NoSuchToolError: Model tried to call
          // unavailable tool 'x'", "AI_InvalidToolArgumentsError: Invalid arguments for tool
          // search: Type validation failed"), and an answer named incomplete ("The response is
          // incomplete; it's either still processing, was cancelled, or censored")
          "model tried to call",
          "invalidtoolarguments",
          "the response is incomplete",
          // an answer an agent judged invalid, with what was wrong in it (Hermes Agent's "Invalid
          // API response (retry 1/3): response.content invalid (not a non-empty list)")
          "invalid api response",
          // LangChain's output parser on an answer that was not the JSON asked for ("Invalid json
          // output: Please provide the resume text.")
          "invalid json output",
          // a client that got a string back where it expected the answer's object ("'str' object
          // has no attribute 'choices'")
          "no attribute 'choices'",
          // pydantic validating a string the model returned as JSON ("Invalid JSON: invalid escape
          // at line 3 column 354 [type=json_invalid, input_value='{\\n  \"title\": …'"); a request
          // body FastAPI could not decode is reported by location instead ("'loc': ('body', 87)")
          "type=json_invalid, input_value",
          // a parser that met a fenced block of data, which only a model's Markdown answer holds
          // ("parse json error: ```json", "Failed to parse AI prediction: … ```yaml"); not a fence
          // alone, which a message quoted as code is put in
          "```json",
          "```yaml",
          "```yml",
          "```xml",
          // Apple's Foundation on an answer it could not decode ("Failed to decode Copilot API
          // response: The data couldn’t be read because it isn’t in the correct format."; not an
          // app's "Response is not in the correct format" about an outage page), a structured
          // answer that could not be decoded ("Structured object could not be decoded. Received:
          // … \"content\": null")
          "because it is not in the correct format",
          "object could not be decoded",
          // Teams AI's loop that asked the model to repair its answer and gave up ("Reached max
          // model response repair attempts")
          "response repair attempts",
          // an answer that carried nothing: an embedding empty or no vectors, a null or empty
          // response returned, no content generated ("provider returned an empty embedding (length
          // 0)", "Inference returned no vectors", "ai_query returned a null response", "No content
          // was generated", "The AI bot did not return any reply", "Stream ended without any
          // content chunks", "Het taalmodel heeft een lege reactie teruggestuurd")
          "empty embedding",
          "no vectors",
          "no embedding values",
          "returned a null response",
          "returned an empty",
          "returned no generated",
          "did not return any reply",
          "without any content",
          "no content was generated",
          "lege reactie",
          // an answer with no assistant message, no candidates, or content named empty, in Japanese
          // and Korean ("応答にアシスタントのメッセージが含まれていませんでした", "응답에 어시스턴트 메시지가 없습니다", "応答の内容が空です", "답변이 비어
          // 있어"); an output that does not match the JSON structure expected ("モデルの出力が期待される JSON
          // 構造と一致しませんでした")
          "アシスタントのメッセージが含まれて",
          "어시스턴트 메시지가 없",
          "候補 (candidates) が含まれて",
          "후보(candidates)가 포함되어 있지",
          "応答の内容が空",
          "답변이 비어 있",
          "결과가 비어 있",
          "結果が空",
          "期待される json 構造",
          "예상한 json 스키마",
          "응답 구조가 올바르지 않",
          "応答の形式が正しくない",
          // JavaScript's parser at the end of an empty answer ("SyntaxError: Unexpected end of JSON
          // input")
          "unexpected end of json input",
          // an answer whose structure was not what the client expects, an answer that ended with no
          // assistant message, in English, Japanese and Korean ("Invalid response structure from
          // Ollama API", "（アシスタントメッセージなし）"); a PHP function given null for the model's text
          // ("Return value must be of type string, null returned")
          "invalid response structure",
          "無効な応答構造",
          "잘못된 응답 구조",
          "アシスタントメッセージなし",
          "어시스턴트 메시지 없음",
          "null returned",
          // Lua cjson (Neovim's vim.json.decode) on an empty answer ("Expected value but found
          // T_END at character 1")
          "found t_end at character 1",
          // aiohttp's ContentTypeError on an answer that was not JSON ("Attempt to decode JSON with
          // unexpected mimetype: text/plain")
          "decode json with unexpected mimetype",
          "outputparserexception",
          "could not parse llm output",
          "parse model output",
          "parse the model's",
          "parse model response",
          "model output as",
          "model returned structured output",
          "choices list is empty",
          "choices is empty",
          "without receiving any choices",
          "only thinking output",
          "only thinking blocks and no",
          "reasoning only and no",
          "no final output",
          "neither text nor tool calls",
          "tool call arguments from the model",
          "tool call arguments were an empty string",
          "expected at least one content block",
          "expected at least one tool call",
          "unable to find a tool call in the response",
          "no assistant message found",
          "did not return any assistant message",
          "returned no replies",
          "returned no message content",
          "content field missing",
          "'candidates' key missing",
          "输出为空",
          "未返回有效回复",
          "只返回了思考过程",
          "content 为空字符串",
          "模型返回的 json 不完整",
          "模型输出不是合法的 json",
          "模型返回的工具调用参数",
          "模型返回的 arguments",
          "解析模型输出失败",
          "结构化输出解析失败",
          "回复解析失败",
          "json 被截断",
          "length limit was reached",
          "output is incomplete due to a max_tokens",
          "missing finish_reason",
          "model's json output",
          "model's tool_use input",
          "tool call arguments from model",
          "malformed_function_call",
          "produced invalid json",
          "model response does not match the json_schema",
          // a client that could not read the answer as JSON (the AI SDK's "Invalid JSON response",
          // node-fetch's "invalid json response body")
          "invalid json response",
          "failed to decode response body",
          // an answer with nothing to use ("ended the response before returning usable output")
          "usable output",
          // an SDK's answer object printed with nothing in it (the OpenAI SDK's
          // "ChatCompletionMessage(content='', role='assistant', …)")
          "chatcompletionmessage(content=''");

  // A client that crashed reaching into the model's answer for what was not there: the choices,
  // candidates or content it indexes (Python's "response['choices'][0] IndexError: list index out
  // of range", "resp.candidates[0].content… 'NoneType' object has no attribute", Java's "the return
  // value of …getChoices() is null"), a deserializer's path into them (Moshi's "Required value
  // 'content' missing at $.choices[0].message", Json.NET's "Path 'choices[0].message'", Zod's
  // "path": ["choices", 0, …], Go's "into Go struct field ChatCompletionResponse.choices",
  // Pydantic's
  // "1 validation error for UpstreamChatResponse choices"), a field named absent from it
  // ("通义千问返回的结果里没有 output.choices"), a stream that ended before its first chunk. An empty
  // or unusable answer (row in_band.answer_missing), never the request's fault. (Not a bare
  // "KeyError: 'choices'", nor Pydantic AI's validation retries spent: the corpus reads both as
  // unknown.)
  static final Words ANSWER_ACCESS_FAILED =
      Words.of(
          // …and the field of Gemini's answer the client reached into, found None ("'NoneType'
          // object has no attribute 'parts'")
          Clause.of("'nonetype' object has no attribute 'parts'", "has no attribute 'parts'"),
          Clause.of(
              "(?:\\b(?:choices|candidates|alternatives)\\W{0,3}\\[\\s*0\\s*\\]|\\bgetchoices\\(\\))[\\s\\S]{0,300}?"
                  + "(?:indexerror|index out of range|nonetype|undefined|is null|keyerror|attributeerror|nullpointer)"
                  + "|(?:indexerror|index out of range|nonetype|undefined|keyerror|attributeerror|nullpointer)[\\s\\S]{0,300}?"
                  + "\\b(?:choices|candidates|alternatives)\\W{0,3}\\[\\s*0\\s*\\]",
              "[0]",
              "getchoices"),
          Clause.of(
              "(?:\\$\\.|\\bpath '|\\bpath\\W{1,4}\\[\\s*\\W?)(?:choices|candidates)\\b"
                  + "|\\.choices of type\\b"
                  + "|\\b\\w*response\\s+choices\\b"
                  + "|(?:没有|沒有|нет поля|no field|missing)\\s?\\b(?:output|result|response)\\.(?:choices|alternatives|candidates)\\b",
              "choices",
              "candidates",
              "alternatives"),
          Clause.literals("without sending any chunks"));

  // A server that could not parse the tool call a model wrote (row transient.tool_call_unparsed).
  static final Words TOOL_CALL_UNPARSED =
      Words.of(
          Clause.of(
              "\\b(?:error|failed to|unable to|could not|cannot) pars(?:e|ing) (?:the )?tool call\\b",
              "tool call"));

  // An answer cut short by its own output's token budget, not the window ("Response truncated due
  // to max_tokens limit", "Structured output was truncated because the model finished with reason
  // \"length\"", "Response stopped with finish reason MAX_TOKENS before any text was produced",
  // "ended with terminal event `response.incomplete` … reason='max_output_tokens'", "Model token
  // limit (4096) exceeded while generating a tool call"): the answer is unusable, and the request
  // was served (ANSWER_UNREADABLE reads it; the context rows do not: ANSWER_CUT_SHORT).
  static final Clause OUTPUT_BUDGET_SPENT =
      Clause.of(
          "\\b(?:response|output|answer|completion|reply)\\b[^\\n]{0,30}?\\b(?:was |is |got |been )?(?:truncated|cut off|stopped)\\b"
              + "[^\\n]{0,40}?(?:\\bmax_(?:output_|completion_|new_)?tokens\\b|\\bmaximum (?:output )?tokens\\b|\\boutput token limit\\b|\\breason:? \\W?length\\b)"
              + "|\\bincomplete_details\\W{1,4}[^\\n]{0,30}?reason\\W{1,4}max_output_tokens\\b"
              + "|\\btoken limit\\b[^\\n]{0,30}?\\bexceeded (?:while generating|before any response)\\b"
              // …and the output limit or the token budget named reached, hit or spent before or
              // without any text ("max_tokens reached before any output was produced", "The model
              // hit the output token limit before producing text", "stop_reason: max_tokens and
              // no text blocks", "Reasoning consumed the entire token budget, no answer was
              // produced", "The model's output exceeded the max output tokens")
              + "|\\b(?:max_(?:output_|completion_|new_)?tokens|output token limit|max(?:imum)? output"
              + " tokens|token budget|output budget)\\b[^\\n]{0,30}?\\b(?:reached|hit|exhausted|consumed"
              + "|spent|exceeded|used up)\\b[^\\n]{0,30}?\\b(?:before|without|with no|no)\\b[^\\n]{0,30}?"
              + "\\b(?:output|text|answer|content|response)\\b"
              + "|\\b(?:hit|reached|exhausted) the (?:output token|max(?:imum)? output tokens?|max_tokens)"
              + " limit\\b[^\\n]{0,30}?\\b(?:before|without)\\b"
              + "|\\b(?:stop_reason|finish_reason|finishreason)\\W{1,3}(?:max_tokens|length)\\b"
              + "[^\\n]{0,40}?\\b(?:no|empty|without)\\b[^\\n]{0,20}?\\b(?:text|content|output)\\b"
              + "|\\b(?:reasoning|thinking)\\b[^\\n]{0,30}?\\b(?:consumed|used up|exhausted|spent)\\b"
              + "[^\\n]{0,30}?\\b(?:token budget|output budget|all (?:the |its )?(?:output )?tokens)\\b"
              + "|\\boutput exceeded (?:the )?max(?:imum)? output tokens\\b",
          "max_",
          "maximum",
          "token limit",
          "length",
          "output token",
          "token budget",
          "output budget",
          "reasoning",
          "thinking");

  // …as the Words a row reads (namesNotTheWindow)
  static final Words ANSWER_CUT_SHORT = Words.of(OUTPUT_BUDGET_SPENT);

  // The model's answer calling a tool or a function the request never declared ("Model attempted to
  // call undefined function get_weather", "The model called a tool that does not exist", Gemini's
  // UNEXPECTED_TOOL_CALL "Model tried to call an undeclared function"): the answer is unusable, not
  // a model gone (rows gone.model_wording, in_band.model_words) nor the request
  // (ANSWER_UNREADABLE reads it).
  static final Clause UNDECLARED_TOOL_CALLED =
      Clause.of(
          "\\b(?:model|llm|ai|assistant) (?:called|tried to call|attempted to call|invoked"
              + "|requested) (?:an? |the )?(?:tool|function)s?\\b[^\\n]{0,40}?\\b(?:(?:that|which)"
              + " (?:does not|doesn't|did not) exist|(?:that|which) (?:is|was) not (?:declared"
              + "|defined|available|provided))\\b"
              + "|\\b(?:model|llm|ai|assistant) (?:called|tried to call|attempted to call|invoked"
              + "|requested) (?:an? )?(?:undefined|undeclared|unknown|unavailable|non-?existent)"
              + " (?:tool|function)\\b",
          "model called",
          "model tried to call",
          "model attempted to call",
          "model invoked",
          "model requested",
          "llm called",
          "llm tried to call",
          "llm attempted to call",
          "llm invoked",
          "llm requested",
          "ai called",
          "ai tried to call",
          "ai attempted to call",
          "ai invoked",
          "ai requested",
          "assistant called",
          "assistant tried to call",
          "assistant attempted to call",
          "assistant invoked",
          "assistant requested");

  // …as the Words a row reads
  static final Words TOOL_CALLED_UNDECLARED = Words.of(UNDECLARED_TOOL_CALLED);

  // The model answered nothing usable, in an SDK's or app's words (row in_band.empty). A client
  // that could not read the model's answer: it failed to parse, decode or deserialize the response,
  // the reply, the stream or a chunk of it ("Failed to parse JSON from model response", "error
  // decoding response body", "failed to deserialize api response", "Failed to parse stream"),
  // Swift's DecodingError on it, its choices missing ("Field 'choices' is required", "`choices` is
  // not present"), in the apps' languages ("解析模型响应失败", "Не удалось разобрать ответ модели", "No se
  // pudo interpretar la respuesta del modelo"), a speech answer's audio field missing ("missing
  // field `audioContent`"). Never the request's fault (rows in_band.request_invalid,
  // in_band.request_words); what the answer was, the words do not say.
  static final Words ANSWER_UNREADABLE =
      Words.of(
          // the answer named as what failed a schema or a format, or named wrong as what the model
          // or the API gave back ("LLM response failed schema validation", "Response did not match
          // the expected schema", "structured output does not match the schema", "Invalid tool
          // call arguments returned by the model", "Invalid completion returned by the API", "The
          // AI returned an invalid answer", "The model returned a response with an invalid
          // format"): whatever request words it holds ("schema", "invalid format"), the answer is
          // what could not be used
          Clause.of(
              "\\b(?:response|output|answer|completion|reply)s? (?:failed|did not pass|does not pass)"
                  + " (?:the )?(?:json )?(?:schema )?validation\\b"
                  + "|\\b(?:response|output|answer|completion|reply) (?:schema )?validation failed\\b",
              "validation"),
          Clause.of(
              "\\b(?:response|output|answer|completion|reply)s? (?:did not|does not|doesn't"
                  + "|didn't) (?:match|conform to|satisfy) (?:the )?(?:expected |required |given "
                  + "|provided |json |output |response )?(?:schema|format)\\b",
              "not match",
              "n't match",
              "not conform",
              "n't conform",
              "not satisfy",
              "n't satisfy"),
          Clause.of(
              "\\b(?:invalid|malformed|unexpected|unparseable|broken|incomplete|corrupt(?:ed)?)\\b"
                  + "[^\\n]{0,40}?\\b(?:returned|produced|generated) by (?:the )?"
                  + "(?:model|llm|ai|assistant)\\b",
              "by the model",
              "by model",
              "by the llm",
              "by llm",
              "by the ai",
              "by ai",
              "by the assistant",
              "by assistant"),
          Clause.of(
              "\\b(?:invalid|malformed|unparseable|incomplete|corrupt(?:ed)?) (?:completion|answer"
                  + "|reply|output) (?:returned|received) (?:by|from) (?:the )?(?:api|provider|server"
                  + "|upstream)\\b",
              "returned by",
              "returned from",
              "received by",
              "received from"),
          Clause.of(
              "\\b(?:model|llm|ai|assistant) returned an? (?:invalid|malformed|unparseable"
                  + "|incomplete|broken) (?:answer|reply|output|response|completion|result)\\b"
                  + "|\\b(?:model|llm|ai|assistant) returned an? (?:response|answer|reply|output) "
                  + "(?:with|in) an? (?:invalid|malformed|unexpected|wrong) (?:format|structure|shape)\\b",
              "returned a"),
          // a tool call the model wrote broken ("Model returned tool call with invalid JSON
          // arguments"), or one to a tool the request never declared (UNDECLARED_TOOL_CALLED)
          Clause.of(
              "\\b(?:model|llm|ai|assistant) (?:returned|produced|generated|emitted|sent) (?:an? )?"
                  + "(?:tool|function) calls?\\b[^\\n]{0,30}?\\b(?:invalid|malformed|broken|unparseable)\\b",
              "tool call",
              "function call"),
          UNDECLARED_TOOL_CALLED,
          // a Go client unmarshalling the answer ("error unmarshalling stream response: invalid
          // character 'Y' looking for beginning of value")
          Clause.of("\\bunmarshal(?:l)?ing (?:the )?(?:stream )?response\\b", "unmarshal"),
          // the model's answer named unusable in a client's words: not parseable, truncated,
          // echoing something instead of what was asked, without what the client looked for in it,
          // not given, or with tool calls it wrote broken ("LLM response was not parseable JSON",
          // "model response truncated", "LLM returned schema echo instead of data", "Could not find
          // category in llm response", "Error parsing LLM output", "'llama3' did not respond with
          // valid JSON", "AI did not give a reply", "Failed to parse analysis results", "The
          // response could not be processed", "This is likely caused by a malformed response from
          // the backend", "Tool call run_commands emitted invalid JSON arguments", "stream closed
          // before a finish_reason was received"), in Chinese ("AI 输出被截断", "响应中未找到 data 字段")
          Clause.of(
              "\\b(?:llm|model|ai)(?:'s)? (?:response|output|answer|reply) (?:was |is )?(?:not (?:parseable|parsable)|truncated|cut off)\\b"
                  + "|\\b(?:llm|model|ai)(?: model)? return(?:s|ed)? (?:an? )?(?:empty (?:respon|reply|answer|output)|[^.\\n]{1,40}? instead of\\b)"
                  + "|\\b(?:could not|cannot|unable to|failed to) (?:find|extract|locate) [^.\\n]{1,40}? in (?:the )?(?:llm|model|ai)(?:'s)? (?:response|output|answer|reply)\\b"
                  + "|\\berror parsing (?:the )?(?:llm|model|ai|agent)(?:'s)? (?:output|response|answer)\\b"
                  + "|\\bdid not respond with (?:a )?valid\\b"
                  + "|\\bdid not (?:give|provide|produce) (?:a|any) (?:reply|response|answer)\\b"
                  + "|\\b(?:could not|failed to|unable to|cannot) parse (?:the )?(?:\\w+ )?results\\b"
                  + "|\\bresponse could not be (?:processed|parsed|decoded)\\b"
                  + "|\\bmalformed response from\\b"
                  + "|\\bemitted invalid json\\b|\\bmodel sent a broken tool call\\b"
                  + "|\\bstream (?:closed|ended|terminated) before (?:a |the |any )?(?:finish_reason|finish reason|message_stop)\\b",
              "response",
              "output",
              "answer",
              "reply",
              "return",
              "did not",
              "results",
              "emitted invalid json",
              "broken tool call",
              "before"),
          Clause.literals("输出被截断", "响应中未找到", "解析ai响应失败"),
          // …and a response type the client's deserializer found a field missing in
          // (kotlinx.serialization: "Field 'candidates' is required for type with serial name
          // '….GoogleResponse', but it was missing"), a model that did not answer in the format
          // asked ("Model did not output in json format as expected"), an SDK's accessor that
          // found no text ("The `response.text` quick accessor only works for simple … text
          // responses", "Cannot get the response text."), a thing the client could not identify
          // in the agent's output ("Could not identify the next tool or input for that tool from
          // Agent's output"), an answer with another count of lines than asked ("Gemini returned
          // 98 lines instead of expected 100 lines", "Expected 300 lines, got 287"), an empty
          // string that did not parse as JSON ("无法解析为 JSON：''")
          Clause.of(
              "\\bfor type with serial name '[\\w.$]*response'"
                  + "|\\b(?:model|llm|ai) did not (?:output|produce|return|respond) (?:in |with )?(?:valid |the )?json\\b"
                  + "|\\bquick accessor only works\\b|\\bcannot get the response text\\b"
                  + "|\\bcould not (?:identify|extract|find|determine) [^.\\n]{1,60}? from (?:the )?(?:agent|model|llm)(?:'s)? (?:output|response|answer)\\b"
                  + "|\\breturned \\d+ (?:lines|items|entries|results) instead of (?:the )?expected\\b"
                  + "|\\bexpected \\d+ (?:lines|items|entries|results), got \\d+"
                  + "|json\\s?[:：]\\s*(?:''|\"\")",
              "serial name",
              "did not",
              "quick accessor",
              "response text",
              "could not",
              "instead of",
              "expected",
              "json"),
          // …and the model's tool input or structure that did not parse, a generated token the
          // grammar refused, an answer that did not complete, a parser that was reading a
          // completion ("… was called with input that could not be parsed as JSON", "Error parsing
          // extracted structure", "Parser Error: token \" null\" doesn't satisfy the grammar",
          // "Expected a completed response.", "parse error at line 2, column 25: … last read:
          // '…chatcmpl-8ZQ91i'")
          Clause.of(
              "\\bwas called with input that could not be parsed\\b|\\bparsing extracted structure\\b"
                  + "|\\bdoes not satisfy the grammar\\b|\\bexpected a completed response\\b"
                  + "|\\blast read:[^\\n]{0,60}?chatcmpl-",
              "could not be parsed",
              "extracted structure",
              "satisfy the grammar",
              "completed response",
              "chatcmpl-"),
          // …and more of them: a repair of the model's JSON that failed ("JSON repair 后仍无法解析"),
          // LangChain's answer object that failed its own validation ("2 validation errors for
          // AIMessage … input_value=None"), Instructor given several tool calls, an answer's
          // choices missing ("ResponseShape(\"missing choices[0]\")"), a field named missing from
          // the AI's response ("No 'res' field found in AI api response"), the model's output named
          // not correct ("model output is not correct, please check the loaded model")
          Clause.literals(
              "json repair",
              "validation error for aimessage",
              "validation errors for aimessage",
              "does not support multiple tool calls",
              "missing choices",
              "output is not correct"),
          Clause.of(
              "\\bno '[^'\\n]{1,30}' field (?:found )?in (?:the )?(?:ai |api |llm |model )*response\\b",
              "field"),
          // a client that could not read the answer, in its runtime's words: an answer whose finish
          // reason it does not know ("OpenAI: unknown finish reason"), .NET's System.Text.Json
          // ("JSON deserialization for type 'Content' was missing required properties"), a
          // browser's and Dart's JSON.parse ("Unexpected non-whitespace character after JSON at
          // position 209"), Jackson on an HTML page ("Unexpected character ('<' (code 60)):
          // expected a valid value (JSON String, …"), Rust's serde and reqwest ("Deserialization
          // Error: missing field `id`", "reqwest::Error { kind: Decode, … }"), Go's encoding/json
          // on a response or an API error struct ("json: cannot unmarshal number into Go struct
          // field APIError.error.code of type string" — a server's "… into Go struct field
          // ChatRequest.messages" is the request's), and in Japanese, German, Portuguese and
          // Russian ("レスポンス形式が不正です", "Die KI hat eine ungültige Antwort zurückgegeben", "Erro ao
          // analisar os dados", "Ошибка при разборе данных")
          Clause.literals(
              "unknown finish reason",
              "json deserialization for type",
              "after json at position",
              "expected a valid value (json string",
              "deserialization error: missing field",
              "kind: decode",
              "レスポンス形式が不正",
              "レスポンスの形式が不正",
              "ungültige antwort zurückgegeben",
              "erro ao analisar os dados",
              "ошибка при разборе данных"),
          Clause.of(
              "\\bcannot unmarshal \\w+ into go struct field \\w*(?:response|apierror|completion|chunk|choice)\\b",
              "cannot unmarshal"),
          // an answer that ended before its document did, or came with nothing in it, in a
          // parser's or a client's words ("JSON.parse: unexpected end of data at line 1 column 1",
          // "Jason.DecodeError: unexpected end of input at position 0", "grok-2 returned a
          // zero-length completion", "model returned a completion with content=None and
          // tool_calls=None", "response from anthropic could not be decoded, the body was empty",
          // "Model stream ended with an invalid chunk or missing finish reason")
          Clause.of(
              "\\bunexpected end of (?:input|data)\\b|\\bzero[- ]length (?:completion|response|reply|answer|output|text)\\b|\\bhas zero length\\b|\\bcontent=none and tool_calls=none\\b|\\b(?:the body was|with an) empty body\\b|\\bended with an invalid chunk\\b|\\bmissing finish reason\\b",
              "unexpected end of",
              "zero",
              "content=none",
              "empty body",
              "invalid chunk",
              "missing finish reason"),
          // the AI SDK's error for a provider's answer holding data it cannot use
          // ("AI_InvalidResponseDataError: Expected 'function.name' to be a string.")
          Clause.literals("invalidresponsedataerror"),
          OUTPUT_BUDGET_SPENT,
          // the answer named wrong in validation's grammar: the API's, the model's or the previous
          // response, or its data, object or format, that must be or did not match something, is
          // invalid or unexpected ("Rerank API response must be a JSON object", "Your previous
          // response did not match the expected object format", "Invalid response data: {…
          // "content":[]…}", "Unexpected response format. Try again.") — the answer's, not the
          // request's. One named invalid is printed or named with its source ("Invalid response
          // format from Recraft API"): not a request's responseFormat argument ("…
          // INVALID_RESPONSE_FORMAT_TYPE", "The model output setting is invalid"), nor "Invalid
          // response data received" alone
          Clause.of(
              "\\b(?:(?:api|llm|model|ai|previous|provider|model's|llm's) (?:response|reply|answer|output)"
                  + "|response (?:data|object|format|type|shape|content))\\b"
                  + "(?:(?!setting|option|param|config)[^.\\n]){0,30}?"
                  + "\\b(?:must (?:be|contain)|did not match|does not match|is not an?|is missing"
                  + "|missing or invalid|invalid|unexpected|not valid|malformed)\\b"
                  + "|\\bunexpected (?:api |llm |model )?(?:response|output|reply) (?:format|type|shape|structure)\\b"
                  + "|\\binvalid (?:api |llm |model )?(?:response|reply) (?:format|data|object|structure|shape)(?::| from\\b)",
              "response",
              "reply",
              "answer",
              "output"),
          // the model's structured output failing its schema, in the words of the library that
          // asked for it ("Failed to parse Person from completion {…}. Got: 1 validation error for
          // Person", "There was a problem with the generation of the structured output: …",
          // "Failed to validate structured_output tool response with model WeatherReport",
          // "InstructorRetryException: 1 validation error for UserInfo", "Output validation
          // failed"): the schema is the caller's, the output that missed it the model's
          Clause.of(
              "\\b(?:failed|unable|could not) to parse [\\w.\\[\\]]{1,40} from completion\\b|\\bgeneration of the structured output\\b|\\bvalidate (?:the )?structured[_ ]output\\b|\\bstructured output (?:validation )?failed\\b|\\boutput validation failed\\b|instructorretryexception: \\d+ validation errors? for\\b",
              "from completion",
              "structured output",
              "structured_output",
              "output validation failed",
              "instructorretryexception"),
          // …and the answer or the model's output failing the type the client maps it to: the AI
          // SDK's TypeValidationError ("Type validation failed: Value: {\"name\":\"Alice\"}.
          // Error message: … Required"), which checks a provider's answer, a stream chunk and the
          // model's tool input against their schemas; a Java client's output converter ("Failed
          // to parse \"maybe\" … into java.lang.Boolean", "Cannot parse 'next Tuesday' into
          // java.util.Date", Spring AI's "Could not parse the given text to the desired target
          // type"); Google's clients finding no candidate or no message they can use ("no valid
          // candidates were found in the generate response", "Model did not generate a message",
          // "did not return an operation")
          Clause.of(
              "\\btype validation failed: value:"
                  + "|\\b(?:failed to|cannot|could not) parse [^\\n]{1,80}? into (?:class |type )?[a-z][\\w$]*(?:\\.[\\w$]+)+"
                  + "|\\bcould not parse the given text to the desired target type\\b"
                  + "|\\bno valid candidates\\b"
                  + "|\\bdid not (?:generate|return) an? (?:message|operation)\\b",
              "type validation failed",
              "parse",
              "desired target type",
              "valid candidates",
              "did not"),
          // an answer without the tool call the request required (the AI SDK's "Model response did
          // not contain a tool call even though tool choice was required")
          Clause.of("\\bresponse did not contain a (?:tool call|call to)\\b", "did not contain a"),
          // a streamed message chunk the client could not parse (read where ANSWER_UNREADABLE
          // reads the English), in Arabic, Persian, Bulgarian, German, Spanish, French,
          // Portuguese, Vietnamese and Chinese ("Fehler beim Parsen des Nachrichtenchunks",
          // "Erreur de parsing du bloc de message", "消息块解析错误")
          Clause.of(
              "(?:تحليل|تجزئة) كتلة"
                  + "|تجزیه (?:بلوک|قطعه)"
                  + "|парсиран\\S*[^\\n]{0,40}?поток"
                  + "|\\bfehler beim parsen[^\\n]{0,30}?chunk"
                  + "|\\b(?:error de análisis|error al analizar)[^\\n]{0,10}?(?:bloque|fragmento) de mensaje"
                  + "|\\b(?:erreur de parsing|erreur d'analyse)[^\\n]{0,10}?(?:bloc|fragment) de message"
                  + "|\\berro de análise[^\\n]{0,10}?(?:bloco|fragmento) de mensagem"
                  + "|lỗi phân tích khối"
                  + "|(?:消息块|数据块|流式响应)解析(?:错误|失败)",
              "كتلة",
              "تجزیه",
              "парсиран",
              "parsen",
              "análisis",
              "analizar",
              "parsing",
              "analyse",
              "análise",
              "phân tích khối",
              "解析"),
          // the model's own output the client could not use: an SDK's class for it (the OpenAI
          // SDK's APIResponseValidationError, LangChain's OutputParserException, the AI SDK's
          // NoObjectGeneratedError), a model that "did not conform" to the format asked. (Not the
          // agents' classes that also stand for a tool the model named wrong or retries spent:
          // ModelBehaviorError, UnexpectedModelBehavior.)
          Clause.literals(
              "apiresponsevalidationerror",
              "outputparserexception",
              "noobjectgeneratederror",
              "llm did not conform",
              "model did not conform"),
          // …a tool call's arguments the model wrote that are not JSON ("Function get_weather
          // arguments: {"location": "Boston are not valid JSON" — not a history's arguments named
          // by their path, "messages[3].tool_calls[0].function.arguments: Input is not valid
          // JSON"), "Invalid JSON input for tool
          // lookup_order", "Unable to parse tool parameter JSON from model", "Error in extracting
          // tool call from response")
          Clause.of(
              "\\bfunction \\S+ arguments\\b[^\\n]{0,80}?\\bare not valid json\\b"
                  + "|\\binvalid json (?:input )?for tool\\b"
                  + "|\\bjson from (?:the )?model\\b"
                  + "|\\bextracting tool calls? from (?:the )?response\\b",
              "not valid json",
              "for tool",
              "from model",
              "from the model",
              "from response",
              "from the response"),
          Clause.of(
              "\\b(?:parse|parsing|decode|decoding|deserialize|deserializing|interpret)\\b(?!-)[^\\n]{0,40}?"
                  + "\\b(?:api |lm |model |chat )?(?:response|reply|answer|stream|chunk|completion event)\\b",
              "pars",
              "decod",
              "deserializ",
              "interpret"),
          // the model's output, answer or response named as what was invalid, malformed or did not
          // match ("Invalid JSON in model output", "Model output does not match the expected
          // schema", "Invalid response type from Ollama chat completion", "Invalid response from
          // Cohere API", "Malformed chunk") — not a request's response_format or its output's
          // settings, mode or limits named invalid
          Clause.of(
              "\\b(?:model|llm|ai)(?:'s)? (?:output|response|reply|answer)\\b"
                  + "(?! ?_?(?:format|settings?|config|configuration|parameters?|options?|modes?|modalit|limits?|tokens|length|schema))[^\\n]{0,40}?"
                  + "\\b(?:invalid|malformed|not valid|does not match|did not match|could not be parsed)\\b"
                  + "|\\b(?:invalid|malformed)\\b[^\\n]{0,20}?\\b(?:in|from) (?:the )?(?:model|llm|ai)(?:'s)? (?:output|response)\\b"
                  + "|\\binvalid (?:response|reply|answer)(?: type)? from\\b"
                  + "|\\bmalformed (?:chunk|partial json|sse frame)\\b",
              "invalid",
              "malformed",
              "not valid",
              "match",
              "could not be parsed"),
          // a tool call the model formed without its parts or with arguments that are not valid
          // ("Tool call id is missing", "Tool call function name is missing", "AIX: Missing
          // function arguments.", "Function call arguments were invalid JSON", "Generation stopped:
          // invalid function call generated by model", "Response stopped due to malformed function
          // call")
          Clause.of(
              "\\b(?:tool|function) call (?:id|function(?: name)?|name|arguments?) (?:is|are|were|was) (?:missing|invalid|not valid)\\b"
                  + "|\\bmissing function (?:invocation|arguments|call)\\b"
                  + "|\\binvalid function (?:arguments|call generated)\\b"
                  + "|\\bmalformed function call\\b",
              "missing",
              "invalid",
              "not valid",
              "malformed"),
          // the arguments a model wrote for a function call, printed, that do not parse
          // (LangChain's OUTPUT_PARSING_FAILURE: "Function get_weather arguments: {"location":
          // "Paris" are not valid JSON", "… arguments: None are not a string or a dictionary")
          Clause.of(
              "\\b(?:function|tool) \"?[\\w.-]{1,64}\"? arguments:[\\s\\S]{0,300}?\\b(?:are|is) not (?:valid json|a string or a dictionary)\\b",
              "arguments:"),
          // what the model generated or the API returned, named missing or unusable ("No embeddings
          // found in API response", "Tool error: No `content` found in generated text", "No
          // description generated by model", "Invalid stream received from model", "The workflow
          // returned by AI could not be parsed", "ChatResponse has no results", "expected exactly
          // one choice, but got 2 choices", "API returned a mismatched number of embeddings",
          // "Streaming request received a non-SSE response", "Response body is not valid JSON"),
          // and the model, the API or the provider named as what returned something malformed,
          // invalid or unexpected — not a status or an error it returned ("OpenAI returned a
          // malformed JSON string for tool call arguments", "Rerank API returned invalid result
          // data", but not "API returned unexpected status code: 429")
          Clause.of(
              "\\bfound in (?:the )?(?:api |llm |model )?(?:response|generated text|model output)\\b"
                  + "|\\bgenerated by (?:the )?(?:model|llm|ai)\\b"
                  + "|\\breceived from (?:the )?(?:model|llm)\\b"
                  + "|\\breturned by (?:the )?(?:ai|model|llm)\\b[^\\n]{0,20}?\\b(?:could not be parsed|is invalid|was invalid)\\b"
                  + "|\\b(?:model|llm|api|provider|openai)(?:'s)? (?:returned|responded with|replied with)"
                  + " (?:an? )?(?:malformed|invalid|unexpected|unparsable|unparseable|garbled)\\b"
                  + "(?! (?:status|http|error)\\b)"
                  + "|\\b\\w*response (?:has no|must have at least one) (?:results?|candidates?|choices?)\\b"
                  + "|\\bexpected exactly one choice\\b"
                  + "|\\breturned a mismatched number\\b"
                  + "|\\bnon-sse response\\b"
                  + "|\\bresponse (?:body )?is not valid json\\b"
                  + "|\\bresponse decode error\\b",
              "found in",
              "generated by",
              "received from",
              "returned",
              "responded with",
              "replied with",
              "response",
              "one choice",
              "mismatched"),
          Clause.of(
              "\\bchoices\\b\\W{0,3}(?:is not present|is required|missing|が見つかりません|が含まれていない)"
                  + "|\\bmissing field\\W{0,3}(?:choices|candidates|audiocontent)\\b",
              "choices",
              "candidates",
              "audiocontent"),
          Clause.literals(
              "decodingerror",
              "unserializableresponse",
              // the answer not parsed, in Japanese, Korean, Indonesian, Vietnamese, Arabic, Turkish
              // and Chinese ("AIからの応答を解析できませんでした", "AI 응답을 파싱할 수 없습니다", "Gagal
              // mengurai respons", "Không thể phân tích phản hồi", "تعذر تحليل استجابة النموذج",
              // "yanıt ayrıştırılamadı", "解析模型返回的JSON失败")
              "応答を解析でき",
              "응답을 파싱",
              "mengurai respons",
              "phân tích phản hồi",
              "تحليل استجابة",
              "yanıt ayrıştırılamadı",
              "解析模型返回",
              "返回的 json 格式错误",
              "解析模型响应失败",
              "не удалось разобрать ответ",
              "interpretar la respuesta",
              "analizar la respuesta",
              "analyser la réponse",
              "réponse du modèle n'a pas pu",
              "antwort des modells konnte nicht",
              "converter a resposta",
              "해석하지 못했"));

  // A JSON document that failed to decode, in Python's decoder's words with the place it failed at
  // ("Expecting value: line 65 column 7 (char 3624)", "Invalid \escape: line 3 column 373 (char
  // 424)", "Unterminated string starting at: line 1 column 15 (char 14)"), read after every row
  // that can say whose document it was (row in_band.decoder_words; "Request body is not valid JSON:
  // …" is the request's): with nothing around it, a status-less client's decoder was reading what
  // came back.
  static final Words JSON_DECODER_FAILED =
      Words.of(
          Clause.of(
              "\\b(?:expecting (?:value|property name enclosed in double quotes)"
                  + "|invalid \\\\{1,2}escape|invalid control character at|unterminated string starting at)"
                  + ": line \\d+ column \\d+ \\(char \\d+\\)",
              "(char "));

  private static final String ANSWER_FAULT =
      "empty|blank|null|none|missing|malformed|truncated|unparseable|unparsable|not parseable"
          + "|invalid json|not valid json|could not (?:be )?pars\\w*|failed to (?:parse|decode|extract)"
          + "|unable to (?:parse|decode|extract)|error (?:parsing|decoding)|cannot (?:parse|decode)"
          + "|no valid|incomplete|cut off|did not return";

  // The answer named, with what made it unusable, in a sentence that names nothing else at fault:
  // empty, blank, null, missing, malformed, truncated, incomplete, cut off, not returned, or a
  // failure to parse, decode or extract it ("Attack surface map generation failed (empty LLM
  // response)", "review calls failed (unparseable model output)", "Response ended unexpectedly and
  // may be incomplete", "LLM composer did not return content", "Failed to extract JSON from
  // response", "AI response JSON appears incomplete"). Read last of the cause rows (row
  // in_band.answer_words), and never beside a request, the network, a timeout or a status
  // (NOT_THE_ANSWER_NAMED), which the rows above read.
  static final Words ANSWER_NAMED_UNUSABLE =
      Words.of(
          Clause.of(
              "\\b(?:response|responses|output|answer|reply|completion|generation|result|results|content|json)\\b"
                  + "[^.\\n]{0,40}?\\b(?:"
                  + ANSWER_FAULT
                  + ")\\b"
                  + "|\\b(?:"
                  + ANSWER_FAULT
                  + ")\\b[^.\\n]{0,40}?"
                  + "\\b(?:response|responses|output|answer|reply|completion|generation|result|results|content|json)\\b",
              "response",
              "output",
              "answer",
              "reply",
              "completion",
              "generation",
              "result",
              "content",
              "json"));

  // …what takes that reading away: the request, the network, a timeout, a status or an error's
  // own body named beside it
  static final Words NOT_THE_ANSWER_NAMED =
      Words.of(
          Clause.of(
              "\\brequest|\\bconnect|\\btimeout|timed out|\\bnetwork|\\bsocket|\\bdns\\b|\\bproxy"
                  + "|\\bssl\\b|\\btls\\b|\\bstatus\\b|\\bhttp\\b|error body",
              "request",
              "connect",
              "timeout",
              "timed out",
              "network",
              "socket",
              "dns",
              "proxy",
              "ssl",
              "tls",
              "status",
              "http",
              "error body"));

  // A request that failed the server's validation before anything read it, echoed whole (FastAPI's
  // and vLLM's "{'type': 'missing', 'loc': ('body', 'messages'), 'msg': 'Field required', 'input':
  // {…}}"): the words of the input it echoes are not the server's refusal of them (a model named
  // "OpenGuardrails" is not a guardrail that fired).
  static final List<String> REQUEST_ECHOED_BY_VALIDATION =
      List.of("'loc': ('body',", "\"loc\":[\"body\",", "\"loc\": [\"body\",");

  // The model's reasoning with no answer after it ("Model produced 14,735 characters of reasoning /
  // chain-of-thought, but no actual response content. … Try a shorter input, increase
  // max_tokens"): an answer that is not there, whatever the advice says of the input's length.
  static final List<String> REASONING_WITHOUT_ANSWER =
      List.of(
          "but no actual response content",
          "reasoning but no answer",
          "thinking but no answer",
          // "The API returned a response containing only thinking content without any text or tool
          // calls. This usually indicates … the output token budget was exhausted during
          // reasoning"
          "only thinking content without any text");

  static final List<String> EMPTY_WORDING =
      concat(
          UNUSABLE_ANSWER_WORDING,
          REASONING_WITHOUT_ANSWER,
          // the answer printed as an empty list ("Failed to parse usage from response: list index
          // out of range. Response: []")
          "response: []",
          // …or as an empty object ("Error code 200, response -> {}"), or a completion whose one
          // choice is empty ({"choices":[{}], …}, quoted with curly quotes too)
          "response -> {}",
          "\"choices\":[{}]",
          "“choices”:[{}]",
          // a structured result the stream ended without ("LLM stream error
          // [structured-output-missing-result]: missing structured result")
          "missing structured result",
          // a JSON document cut inside a string, in V8's words ("Stream error: SyntaxError:
          // Unterminated string in JSON at position 10000")
          "unterminated string in json at position",
          // a model's content named empty, in Chinese ("模型返回内容为空，请稍后重试")
          "返回内容为空",
          // a model's result named empty, in Chinese ("模型返回结果为空,请稍后重试")
          "返回结果为空",
          // no reply at all, in Chinese ("模型没有回复任何消息"), and an agent with no response to
          // give ("I've completed processing but have no response to give")
          "没有回复任何消息",
          "no response to give",
          // a bot that returned no reply, in Chinese ("机器人未返回任何回复，请重试")
          "未返回任何回复",
          // an answer reported absent as a sentence of its own ("No response. Make sure the last
          // node outputs the content"), not a server that did not answer ("no response from")
          "no response.",
          "no text generated",
          // go-openai's ErrTooManyEmptyStreamMessages
          "sent too many empty messages",
          "text empty",
          "empty text returned",
          "could not extract reply",
          "empty completion",
          // an error that is only the empty response ("❌ Error: Empty response!"), not a
          // refusal's empty text ("ended due to safety settings (SAFETY) with empty response text")
          "error: empty response",
          // an unofficial client that got no usable answer ("Unable to obtain a valid response from
          // Meta AI")
          "obtain a valid response",
          "model returned no content",
          // no response received, said of the answer, not of a wait ("No response received.", "No
          // response received from the model", "no response received from title provider")
          "no response received",
          // the answer named empty
          "response empty",
          "no content in",
          // no message from the model
          "did not provide any assistant messages",
          // a stream with no content
          "without valid content",
          // an answer with no text or no tokens ("stream closed after [DONE] without producing any
          // tokens", "The AI message was empty", "Model returned null message content",
          // "`message.content` is null", "a zero-length body", "La respuesta del modelo llegó
          // vacía")
          "without producing any",
          "ended with no tokens",
          "stream completed without",
          "without returning any",
          "message was empty",
          "null message content",
          "content` is null",
          "zero-length body",
          "llegó vacía",
          // an answer empty or unparsable (Cline's "The provider returned an empty or unparsable
          // response")
          "empty or unparsable",
          "no output generated",
          // a request that returned empty, in English, Japanese and Traditional Chinese
          "returned empty",
          "返答が空",
          "返回為空",
          // no response content, no response body, no output generated, in English, Chinese and
          // Japanese
          "did not provide any response",
          "no response body",
          "未生成输出",
          "出力なし",
          // a model that returned no candidate (Gemini's answer unit)
          "no candidate",
          // an agent framework's words for a model that answered nothing (Pydantic AI), and
          // LangChain4j's guard on an answer with no text
          "empty model response",
          "text cannot be null",
          // an answer the SDK found unfinished (Vertex "The model response did not complete
          // successfully")
          "response did not complete",
          // a stream that ended without its final event (Ollama's client), a reply with no text to
          // keep (LLMs with MATLAB)
          "did not receive done",
          "containing text with one or more characters",
          // an answer named empty, in the corpus's languages
          "respuesta sin contenido",
          "respuesta vacía",
          "resposta sem conteúdo",
          "resposta vazia",
          "contenu vide",
          "réponse vide",
          "leere antwort",
          "respons tanpa konten",
          "respons kosong",
          "risposta senza contenuto",
          "risposta vuota",
          "boş yanıt",
          "phản hồi trống",
          // an empty string or answer returned, in Korean
          "빈 문자열을 반환",
          "빈 응답",
          // content that came back empty, in Portuguese
          "veio vazio",
          // an answer named empty or not received, in Catalan, Chinese, Russian, Greek, Romanian
          // and Korean ("El model de llenguatge ha retornat una resposta buida", "未收到回复。",
          // "Ответ не получен.", "Καμία απάντηση", "(생각 완료, 출력 없음)")
          "resposta buida",
          "no s'ha rebut cap resposta",
          "未收到回复",
          "未收到回覆",
          "ответ не получен",
          "καμία απάντηση",
          "niciun răspuns",
          "출력 없음");

  // The answer, not the request, was malformed ("ChatAPI responded with invalid json"): not a
  // request error, whatever words follow.
  static final List<String> GARBLED_RESPONSE_WORDING =
      concat(
          UNUSABLE_ANSWER_WORDING,
          // an evaluation model whose output did not parse ("Evaluation LLM outputted an invalid
          // JSON")
          "outputted an invalid json",
          // an answer of another content type than the JSON asked for (httr2's "Unexpected content
          // type \"text/plain\". Expecting type \"application/json\""; a server's "unexpected
          // content type for user message" is the request's)
          "expecting type \"application/json\"",
          // Apple Foundation's decoder on the answer, in English and Chinese ("The data couldn’t be
          // read because it isn’t in the correct format", "未能读取数据，因为它的格式不正确")
          "the data could not be read",
          "未能读取数据",
          "responded with invalid",
          // a server or an upstream that sent back what could not be used ("MLX server returned an
          // invalid response", "upstream returned malformed output")
          "returned an invalid response",
          "returned invalid response",
          "returned malformed",
          // JavaScript's parser on the answer ("SyntaxError: JSON.parse: unexpected character at
          // line 1 column 1 of the JSON data")
          "json.parse",
          "response is not valid json",
          // Genkit prints the model's output that failed the schema as "Provided data"
          "provided data:",
          // a streamed answer's event that did not parse (an SDK reading a cut stream)
          "stream event",
          "eof while parsing",
          // a client that could not read the answer ("Could not parse HTTP response", "Failed to
          // parse response", "error parsing response CodeCompletionResponse")
          "parsing response",
          // go-openai's ErrTooManyEmptyStreamMessages: the answer, not the request, was empty
          "sent too many empty messages",
          "parse response",
          "parse http response",
          "parse the response",
          // an SDK that refused the model's answer (Vertex's ResponseValidationError), an answer
          // with no text (LangChain4j)
          "response validation error",
          "text cannot be null",
          // a reply with no text to keep, a response message without its fields (LLMs with MATLAB's
          // openAIMessages/addResponseMessage)
          "containing text with one or more characters",
          "addresponsemessage");

  static final List<String> SERVER_WORDING =
      concat(
          // a service named unavailable: beside a 5xx, the status's reason phrase
          SERVICE_UNAVAILABLE_WORDING,
          // an error on the server, named so in Japanese, Indonesian, Polish, Dutch and Hindi
          // ("サーバーでエラーが発生しました", "Terjadi kesalahan pada server", "Wewnętrzny błąd serwera",
          // "interne serverfout", "सर्वर में आंतरिक त्रुटि")
          "サーバーでエラー",
          "kesalahan pada server",
          "wewnętrzny błąd serwera",
          "interne serverfout",
          "आंतरिक त्रुटि",
          // an origin down behind Cloudflare ("521: Web server is down"), vLLM's engine loop dead
          // ("AsyncEngineDeadError: Background loop has errored already")
          "web server is down",
          "enginedeaderror",
          // a prediction interrupted under it (Replicate's ModelError "Prediction interrupted;
          // please retry (code: PA)")
          "prediction interrupted",
          // a local runner that died or a model that failed to load ("llama runner process no
          // longer running", "Model loaded failed")
          "process no longer running",
          "model loaded failed",
          // a server that says it failed ("Anthropic's server encountered an error while processing
          // your request"), not that it is busy
          "server encountered an error",
          // an upstream that failed, named so ("Unexpected upstream failure while generating the
          // completion", ngrok's "Too many failed attempts to upstream providers")
          "upstream failure",
          "failed attempts to upstream",
          // a worker's task that ended where it never should (RunPod's "Task finished unexpectedly.
          // This should never happen!")
          "finished unexpectedly",
          "server failed to",
          // an app's system that "slacked off", in Chinese ("系统开小差了，请稍后再试")
          "开小差",
          // Coze's code 5000: "We're currently experiencing server issues"
          "experiencing server issues",
          // Cloudflare's page for a Worker that failed (error 1101 "Worker threw exception")
          "worker threw exception",
          // a model runner that died under the server (Ollama "llama runner process has
          // terminated")
          "process has terminated",
          "internal error",
          "server error",
          "server_error",
          "stream error",
          "bad gateway",
          // OpenRouter's generic wrapper for a routed provider's failure
          "provider returned error",
          // Axios' code for an answer with a 5xx status
          "err_bad_response",
          "server had an error",
          "服务器似乎遇到",
          "服务器遇到",
          "unable to process your request",
          "内部错误",
          "服务异常",
          // a stream that ended with an error finish reason (OpenRouter "finish_reason": "error",
          // pi-ai's "Provider finish_reason: error"), a server that crashed
          "finish_reason: error",
          "finish reason: error",
          "finish_reason: network_error",
          "finish_reason: insufficient_system_resource",
          "finish_reason: abort",
          // …and as a stop reason an agent did not expect (OpenClaw's "Unhandled stop reason:
          // error")
          "stop reason: error",
          "stop_reason: error",
          "crashed",
          "could not load model",
          "failed to load model",
          "model generation failed",
          // a local server's model unloaded under a request ("Model is being unloaded. Cannot
          // process new generation requests.", "Maybe the model was unloaded?"), a generation
          // that stopped short ("Incomplete generation stream")
          "model is being unloaded",
          "model was unloaded",
          "incomplete generation",
          // a server error, in Traditional Chinese, Japanese, Korean, Russian, Spanish, Portuguese,
          // French, German, Italian, Turkish, Vietnamese, Indonesian
          "伺服器錯誤",
          "內部錯誤",
          "服務異常",
          "サーバーエラー",
          "内部エラー",
          "서버 오류",
          "내부 오류",
          "ошибка сервера",
          // the same words declined (Russian "ошибку сервера", Ukrainian "через внутрішню помилку
          // сервера") or in another order (Spanish "un error del servidor interno", Catalan "Error
          // del servidor del proveïdor")
          "ошибку сервера",
          "ошибки сервера",
          "помилку сервера",
          "помилки сервера",
          "error del servidor",
          "внутренняя ошибка",
          "error interno del servidor",
          "erro interno do servidor",
          "erreur interne du serveur",
          "interner serverfehler",
          "errore interno del server",
          "sunucu hatası",
          "lỗi máy chủ",
          "kesalahan server",
          // OpenAI's and Ollama's words for their own failure
          "an error occurred while processing your request",
          "no suitable llama server",
          // the relay's own database
          "数据库",
          // a Python server's own crash, quoted in its error ("'NoneType' object has no attribute
          // 'encode'")
          "object has no attribute",
          "object is not subscriptable",
          "object is not iterable",
          "maximum recursion depth exceeded",
          // the server's GPU out of memory, quoted in its error ("CUDA out of memory. Tried to
          // allocate 1024.00 MiB (GPU 0; 14.75 GiB total capacity; …)"): its failure, not its load
          "cuda out of memory",
          // a Hugging Face Space that is down, in gradio_client's words ("Could not get Gradio
          // config from: https://….hf.space", "Queue is stopped.", "The current space is in the
          // invalid state: RUNTIME_ERROR")
          "could not get gradio config",
          "queue is stopped",
          "space is in the invalid state",
          // the server in difficulty, a gateway error, the provider's server error, in English,
          // Chinese and Japanese
          "experiencing some difficulties",
          "网关错误",
          "閘道錯誤",
          "ゲートウェイエラー",
          "服务器错误",
          "サーバー エラー",
          // a service error named as such
          "service error",
          // a system error named as such, in English and Chinese
          "system error",
          "system_error",
          "系统错误",
          "系統錯誤",
          // a program's own crash quoted in the answer (Python's IndexError)
          "index out of range",
          // a model the server failed to load (LM Studio "Error loading model.")
          "error loading model");

  // The server's own failure named outright (row transient.server_words): never a limit's words.
  static final List<String> SERVER_FAILED_WORDING =
      List.of(
          "server had an error",
          "internal server error",
          "internal error",
          // OpenAI's own 500 text
          "an error occurred while processing your request");

  // A settled request error caused by the shape of the history, in the provider's own words:
  //  - Mistral: "Tool call id was … but must be a-z, A-Z, 0-9, with a length of 9", "Unexpected
  //    role 'system' after role 'tool'", "Assistant message must have either content or
  //    tool_calls" (https://docs.mistral.ai/capabilities/function_calling/);
  //  - OpenAI: "messages with role 'tool' must be a response to a preceeding message with
  //    'tool_calls'", "… must be followed by tool messages responding to each 'tool_call_id'",
  //    "Invalid 'messages[3].tool_calls[0].id': string too long", "Additional properties are not
  //    allowed ('annotations' was unexpected) - 'messages.2'", "Unrecognized request argument
  //    supplied: extra_content" (Gemini's thought-signature field)
  //    (https://platform.openai.com/docs/guides/function-calling);
  //  - Anthropic: "roles must alternate", "text content blocks must be non-empty",
  //    "….thinking.signature: Field required", "Invalid `signature` in `thinking` block",
  //    "tool_use.id: String should match pattern", "unexpected `tool_use_id` found in
  //    `tool_result` blocks", "Expected `thinking` or `redacted_thinking`"
  //    (https://docs.anthropic.com/en/docs/build-with-claude/extended-thinking);
  //  - Gemini: "Function call is missing a thought_signature", "empty text parameter"
  //    (https://ai.google.dev/gemini-api/docs/thought-signatures);
  //  - DeepSeek, Moonshot: "Missing `reasoning_content` field", "reasoning_content is missing";
  //    Groq: "property 'reasoning_content' is unsupported"
  //    (https://api-docs.deepseek.com/guides/thinking_mode#tool-calls,
  //    https://console.groq.com/docs/openai).
  // The test stand-ins answer these bodies (providers/src/test/…/history/StrictFamilies.java).
  static final List<String> HISTORY_SHAPE_WORDING =
      List.of(
          // llama.cpp's refusal of a history that ends in assistant turns, a tool message not
          // right after its call, in Chinese ("tool 消息必须紧跟在带有 tool_calls 的 assistant 消息之后")
          "assistant messages at the end",
          "tool_calls 的 assistant",
          // Bedrock's count of tool results against tool uses ("The number of toolResult blocks at
          // messages.2.content exceeds the number of toolUse blocks of previous turn")
          "toolresult blocks",
          "tool call id",
          "tool_call_id",
          "'tool_calls'",
          ".tool_calls",
          "tool_use",
          "tool_result",
          "thought_signature",
          "thinking.signature",
          "`signature` in `thinking`",
          "reasoning_content",
          "roles must alternate",
          "expected `thinking` or `redacted_thinking`",
          "text content blocks must be non-empty",
          "unexpected role",
          "must have either content or tool_calls",
          "empty text parameter",
          "was unexpected) - 'messages",
          "supplied: extra_content",
          // LangChain's check of the same pairing before the request is sent
          "corresponding toolmessage",
          // a thinking block's signature named invalid
          "in thinking block",
          // a tool message named where it must follow or answer, in Portuguese, German and Italian
          "mensagem tool",
          "tool-nachricht",
          "ruolo tool",
          // a tool message named out of its place after the call, a role named where the history
          // may not start ("The tool message must follow an assistant message with tool_calls",
          // "Assistant message cannot be the first message")
          "message with tool_calls",
          "must follow an assistant message",
          "cannot be the first message",
          "must not be the first message",
          "can't be the first message");

  // A request the server refused as malformed or unsupported, in words that say so whatever the
  // status (row request.server_refusal_words): a parameter or flag the server lacks, a field
  // blank or required, a structure the API does not take.
  static final List<String> SETTLED_REQUEST_WORDING =
      List.of(
          // a call the SDK will not make without streaming ("Streaming is required for operations
          // that may take longer than 10 minutes", "Streaming is strongly recommended for …"),
          // whatever status a client prints around it
          "for operations that may take longer than",
          // an input the server does not take ("image input is not supported by this server",
          // llama.cpp's 500), parameters it takes only one of ("`temperature` and `top_p` cannot
          // both be specified for this model")
          "is not supported by this server",
          // llama.cpp's 500 for an image sent to a model loaded without its projector ("image input
          // is not supported - hint: … you may need to provide the mmproj")
          "image input is not supported",
          "cannot both be specified",
          "cannot be specified together",
          // a history with no user turn to answer (Ollama's 500 "no user query found in messages")
          "no user query",
          "unsupported param",
          // OpenAI's refusals of a value or an argument, wherever a client's class put them
          // ("Unsupported value: 'messages[0].role' does not support 'system'", "Unrecognized
          // request argument supplied: functions_call")
          "unsupported value",
          "unrecognized request argument",
          "requires --",
          "extraneous key",
          "malformed input request",
          "field required",
          "cannot be blank",
          "must not be blank",
          "must be an odd number",
          "must start with",
          "must begin with",
          "can contain only",
          "can only contain",
          "failed to parse the request",
          // a grammar the request gave that llama.cpp could not parse (sent as a 500)
          "failed to parse grammar",
          // a chat template that refused the history (llama.cpp's Jinja)
          "jinja exception",
          "conversation roles must alternate",
          // a capability the model lacks (Ollama "llama3 does not support tools")
          "does not support tools",
          "does not support function",
          "does not support image",
          "does not support vision",
          "does not support thinking",
          // a relay with no implementation for the channel asked for (one-hub)
          "channel not implemented");

  // A settled request error in words, for a message with no status at all: bad or missing
  // parameters, a malformed body, an output-token setting the model refuses.
  // More items in one request or batch than the API takes ("Batch input file contains 62000
  // requests, which exceeds the maximum of 50000 requests per batch", "Number of prompts exceeds
  // the maximum allowed batch size of 4", "单次请求的文本条数超过上限", "Jumlah dokumen melebihi batas
  // maksimum 50 per permintaan"): a settled request error, read by the first request row (a count
  // of tokens is read before it, by the context rows).
  static final Words ITEMS_PER_REQUEST =
      Words.of(
          Clause.of(
              "\\b(?:exceeds?|exceeded|exceeding|greater than|more than|larger than)\\b[^\\n]{0,40}?"
                  + "\\b(?:maximum|max|limit)\\b[^\\n]{0,40}?\\bper (?:request|batch|call)\\b"
                  + "|\\bmaximum (?:allowed )?batch size\\b"
                  + "|\\btokens per (?:submitted )?batch\\b",
              "per request",
              "per batch",
              "per submitted batch",
              "per call",
              "batch size"),
          Clause.of(
              "每批最多|单次请求[^\\n]{0,20}?(?:超过|超出)|melebihi batas maksimum \\d+ per permintaan"
                  + "|no lote excedid[oa]|한 번에[^\\n]{0,30}?최대",
              "每批最多",
              "单次请求",
              "per permintaan",
              "no lote",
              "한 번에"));

  static final List<String> REQUEST_WORDING =
      concat(
          SETTLED_REQUEST_WORDING,
          // an operation the state of a run, a thread or a response does not allow (OpenAI's
          // Assistants "Thread … already has an active run", "Cannot cancel run with status
          // 'completed'", "Runs can only be submitted tool outputs when in status
          // 'requires_action'", "Expected tool outputs for call_ids …"; the Responses API's
          // "Background mode requires store=true", "Only responses created with background=true
          // can be cancelled"); a batch whose lines disagree ("Requests in a batch must all use
          // the same model"); Realtime's "buffer too small"; pydantic v1's "unexpected value;
          // permitted"; a value named invalid in Chinese (取值无效); a length or a setting to
          // give within a bound, a setting the model cannot take, in Japanese
          // (64 文字以内で指定してください, 1920x1080 はこのモデルでは使用できません)
          "already has an active run",
          "cannot cancel run",
          "can only be submitted tool outputs",
          "expected tool outputs for",
          "requires store=true",
          "created with background=true",
          "in a batch must",
          "buffer too small",
          "unexpected value; permitted",
          "取值无效",
          "以内で指定",
          "このモデルでは使用できません",
          // an image the request carries that is not one, a combination of tools a model serves
          // only under a condition, images sent to a model without vision ("does not represent a
          // valid image", "Multiple tools are supported only when they are all search tools",
          // "Vision add-on is not loaded, but images were provided")
          "not represent a valid image",
          "supported only when",
          "only supported when",
          "but images were provided",
          // an operation the API does not implement or enable (Gemini Live's WebSocket close 1008
          // "Operation is not implemented, or supported, or enabled")
          "operation is not implemented",
          // a model file in a format the loader cannot read ("Could not load model due to invalid
          // format")
          "due to invalid format",
          // a prompt or a value a database refused to store (MySQL's "Data too long for column",
          // Oracle's ORA-12899 "value too large for column", "Incorrect string value", SQLite's
          // "NOT NULL constraint failed", Prisma's "Invalid `prisma.…()` invocation")
          "too long for column",
          "too large for column",
          "incorrect string value",
          "not null constraint failed",
          "invalid `prisma.",
          // a serialized object of a namespace the loader does not know (LangChain's "Invalid
          // namespace: $ -> {…}"), whatever keys it holds
          "invalid namespace",
          // a header other than the key's named invalid ("Invalid header value for
          // 'anthropic-version'")
          "invalid header value for",
          "invalid header '",
          "invalid character in header",
          "header. please consult",
          // what the SDKs and servers say of a request they will never take, with no status
          // (settled request errors table): a media URL they could not download, a tool result
          // missing or a tool unknown, the Responses API's items, guided decoding, a part type or
          // an encoding not taken, a template that would not render
          "while downloading http",
          "no tool output found",
          "tool results are missing",
          // a tool or a value not among those the request gave, in English and the apps' languages
          // ("web_search is not a valid tool", "Tool fetch_invoice not found in agent", "no se
          // encuentra entre los valores permitidos", "i valori consentiti sono", "A ferramenta …
          // não foi encontrada na lista de ferramentas", "отсутствует в списке functions")
          "not a valid tool",
          "not found in agent",
          "valores permitidos",
          "valori consentiti",
          "lista de ferramentas",
          "araçlar arasında",
          "daftar tools",
          "списке functions",
          // a tool result with no call before it, as agents' own checks word it ("the conversation
          // contains a tool result without a matching tool use", Spring AI's "ToolResponseMessage
          // must follow an AssistantMessage with tool calls", "工具结果消息之前没有对应的工具调用消息")
          "without a matching tool",
          "must follow an assistantmessage",
          "does not exist in the message history",
          "对应的工具调用",
          "previous response with id",
          "items are not persisted",
          "reasoning input items",
          "duplicate item found",
          "could not be verified",
          "cache_control may be provided",
          "may be provided in one request",
          "can be specified in the current model",
          "the document has no pages",
          "fetch content from the provided url",
          "only works in thinking mode",
          "too many states",
          "guided decoding",
          // a media URL whose host gave nothing usable (Deepgram's REMOTE_CONTENT_ERROR), a batch
          // file with no valid line ("Validation of jsonl file failed")
          "remote_content_error",
          // Go's HTTP/2 client refusing a header the request carries ("http2: invalid Connection
          // request header")
          "http2: invalid",
          // a browser's built-in AI that this browser does not have (Chrome's "Prompt API is not
          // available", "LanguageDetector unavailable")
          "prompt api is not available",
          "languagedetector unavailable",
          "translator unavailable",
          "summarizer unavailable",
          "jsonl file",
          // JSON mode asked for in a way the model refuses ("JSON mode was requested … but neither
          // the system prompt nor the user prompt mentions JSON")
          "json mode",
          // a grammar for constrained decoding that did not parse (llama.cpp's "error parsing
          // grammar")
          "parsing grammar",
          "parse grammar",
          "invalid grammar",
          "part type",
          "illegal base64",
          "image: unknown format",
          "jinja template",
          "unexpected message type",
          "was specified, but the only provided tools",
          "are not supported with the",
          "expected request with `content-type",
          "json decode error",
          "supported formats:",
          "are not valid",
          "invalid parameter",
          "invalid_parameter",
          "required parameter",
          "missing required",
          "malformed",
          "max_tokens",
          "maximum tokens",
          "validation error",
          "bad request",
          "cannot be empty",
          "参数有误",
          "参数非法",
          "参数错误",
          "不能为空",
          // constraints a request breaks, whatever the field
          "must contain",
          // an operation the model does not take (Azure's OperationNotSupported "The completion
          // operation does not work with the specified model")
          "operationnotsupported",
          "operation does not work with",
          "must include",
          "does not match",
          "is not supported",
          "unsupported",
          "invalid value",
          "invalid argument",
          "is required",
          "不支持",
          "格式错误",
          "格式不正确",
          "缺少必要",
          "invalid request",
          "invalid json",
          "missing field",
          "string too long",
          "extra inputs are not permitted",
          "invalid schema",
          "max number of",
          "invalid content type",
          "only supported by",
          "mime type",
          // the output-token setting over the model's limit, in each API's name for it
          "max_completion_tokens",
          "max_output_tokens",
          "max_new_tokens",
          "maximum output tokens",
          "output token limit",
          "above maximum value",
          "below minimum value",
          // the history's shape, named with no status (request.history_shape reads a 4xx)
          "roles must alternate",
          // in Traditional Chinese, Japanese, Korean, Russian, Spanish, Portuguese, French, German,
          // Italian, Turkish, Vietnamese, Indonesian
          "參數錯誤",
          "參數無效",
          "不能為空",
          "無効なリクエスト",
          "パラメータが無効",
          "잘못된 요청",
          "неверный запрос",
          "некорректный запрос",
          "solicitud no válida",
          "parámetro no válido",
          "solicitação inválida",
          "requête invalide",
          "ungültige anfrage",
          "richiesta non valida",
          "geçersiz istek",
          "yêu cầu không hợp lệ",
          "permintaan tidak valid",
          // a parameter or feature the API does not know or the model does not take
          "unknown parameter",
          "unknown field",
          "unexpected parameter",
          "unknown argument",
          "does not support",
          // a setting the model does not allow, in Chinese
          "不允许",
          "must either be",
          // a body or message the server could not parse, an argument it does not know
          "could not parse the json",
          "unrecognized request argument",
          "invalid message format",
          "缺少必填参数",
          "参数值无效",
          "參數值無效",
          "必須パラメータ",
          "パラメータの値が無効",
          "매개변수 값이 유효하지",
          "필수 매개변수",
          // a request or parameter value named invalid, in Japanese, Russian, Portuguese
          "リクエストが不正",
          "значение параметра",
          "requisição inválida",
          // an invalid request, in Chinese
          "无效的请求",
          "無效的請求",
          // a Go service that could not decode the JSON it was sent
          "into go struct field",
          // a value's constraint, in the words inference servers validate a request with (vLLM,
          // SGLang, llama.cpp, Ollama, TGI, LMDeploy: "top_p must be in (0, 1], got 1.5",
          // "`stream_options` can only be used when `stream` is True"), and JSON Schema's
          "must be ",
          "must not be ",
          "must be>",
          "must >=",
          "should be in range",
          "mutually exclusive",
          "cannot be used with",
          "cannot be combined with",
          "can only be used",
          "can only be set",
          "is too short",
          "non-empty",
          "is out of range",
          "value out of range",
          "out of range for",
          "greater than the maximum",
          "less than the minimum",
          "exceeds the maximum supported",
          "is not of type",
          "is a required property",
          "is not valid under",
          // a feature this server does not offer
          "not currently supported",
          "not yet supported",
          "not supported yet",
          "is only supported",
          "only supports",
          // a part of the request absent or empty
          "missing request body",
          "missing model",
          "missing text",
          "missing image",
          "missing 'content'",
          // a part of the request named empty; never the answer ("Response body is empty")
          "prompt is empty",
          "query is empty",
          "input is empty",
          "messages is empty",
          "documents is empty",
          "array is empty",
          "list is empty",
          "cannot be more",
          "cannot be greater",
          "cannot be less",
          "cannot be a negative",
          "cannot be an empty",
          "cannot contain",
          "incompatible with",
          // an input named invalid (Bedrock Agents "invalid input or configuration")
          "invalid input",
          "invalid type",
          "invalid image",
          "to be an array",
          "to be a string",
          "to be an object",
          "to be provided",
          "to be set",
          "expected boolean",
          "expected string",
          "expected integer",
          "expected an integer",
          "expected object",
          "expected array",
          "error parsing input",
          "only single",
          "vocab",
          // an image or file in the request that could not be read
          "image input",
          "failed to load image",
          "failed to download image",
          "decode image",
          "decode_image",
          // a tool the request names that its own tools list lacks
          "in `tools`",
          "tools list",
          // an image the server could not process, a function call and its responses that do not
          // pair (Gemini)
          "input image",
          "function response parts",
          "function call parts",
          // an array in the request longer than its schema allows (OpenAI "array too long")
          "array too long",
          // a client library refusing the request before it is sent (LangChain, Vercel AI SDK,
          // Spring AI: "Function name required", "prompt and messages cannot be defined at the same
          // time", "Unknown tool")
          "must have ",
          "name required",
          "cannot be null",
          "cannot be none",
          "defined at the same time",
          "unknown tool",
          // the messages of the libraries servers validate and serialise a request with, passed
          // through verbatim: pydantic v1 and v2, zod, ajv, jsonschema, go-playground/validator,
          // serde, CPython's TypeError, V8's JSON.stringify (meaning-phrases.jsonl, third part)
          "input should be ",
          "value is not a valid ",
          "fields not permitted",
          "ensure this value ",
          "invalid enum value",
          "invalid discriminator value",
          "unrecognized key(s) in object",
          "additional properties are not allowed",
          "is not one of [",
          "must not have ",
          "error:field validation for",
          "unknown variant `",
          "unexpected keyword argument",
          "required positional argument",
          "required keyword-only argument",
          "is not json serializable",
          "converting circular structure to json",
          "serialize a bigint",
          // pydantic v2 on a string's or a list's constraint
          "should match pattern",
          "should have at most",
          "should have at least",
          // a value of the wrong type or kind, in the providers' words ("Expected `text`… but found
          // 'document'"), a part not specified, a turn order the API refuses (Gemini), function
          // declarations missing, trailing whitespace, a tool call the request's tools lack, a
          // setting this model does not take, an image that could not be decoded, two fields given
          // where one may be
          "but found ",
          "but got ",
          "is not specified",
          "alternate between",
          "function call turn",
          "function_declarations",
          "cannot end with",
          "call validation failed",
          "not supported on this model",
          "not allowed with",
          "not available for this model",
          "invalid base64",
          "process image",
          "only one of ",
          "request body is not valid json",
          // an image or an embedding over the dimensions the API takes
          "dimensions",
          // an item sent without the item it requires (the Responses API's function_call without
          // its reasoning item), a tool call the model failed to form (Groq's failed_generation)
          "without its required",
          "failed to call a function",
          // a request with too many tools or a tool named twice, tool_choice without tools, no
          // messages or prompt, an image format or a JSON input the API does not take, function
          // calls and responses that do not pair (Mistral)
          "too many tools",
          // …or asked to send fewer, or named too long ("Please reduce the number of tools",
          // "'tools' is too long"), a request that must give one of two fields ("Please provide
          // either messages or prompt"), an output the model cannot give without another model
          // ("Audio output requires the gpt-4o-audio-preview model")
          "reduce the number of tools",
          "'tools' is too long",
          "provide either",
          "output requires the",
          // …and too many images for one request, in English and Chinese ("Too many images in
          // request. Max is 10.", "图片数量超过限制"): a count the request is over, not a rate
          "too many images",
          "图片数量超过",
          // …or too many values for one embedding or reranking call (the AI SDK's "Too many values
          // for a single embedding call")
          "for a single embedding call",
          "for a single reranking call",
          // OpenAI's pointer to its reference after a field it refused ("'$.input' is invalid.
          // Please check the API reference"), a model served only from an API version ("Model
          // o3-mini is enabled only for api versions 2024-12-01-preview and later")
          "please check the api reference",
          "only for api versions",
          "duplicate tool",
          "but no tools",
          "empty messages",
          "no messages",
          "please provide a prompt",
          "format not supported",
          "input is not valid json",
          "number of function calls",
          // a key of the request body the API does not know
          "unknown key",
          "invalid key in",
          // a request parameter named by its API name, or the messages array quoted or named: what
          // earlier rows did not read as a window, a key or an account is the request's fault
          "tool_choice",
          "top_p",
          "frequency_penalty",
          "presence_penalty",
          "response_format",
          "'messages'",
          "messages 배열",
          "tools 列表",
          "lista de tools",
          "liste 'tools'",
          "danh sách tools",
          "boş olamaz",
          // fields the API does not support, a chat model sent to the completions endpoint
          "fields that we do not support",
          "this is a chat model",
          // logit_bias named, a JSON body or schema that did not parse, an unknown or a missing
          // field, in the corpus's languages (never the request body alone: it is named as often
          // when it is too large)
          "logit_bias",
          "json을 해석",
          "json-схем",
          "manquant dans le corps",
          // a request body that is not valid JSON, in the corpus's languages
          "parsed as json",
          "不是合法的 json",
          "不正な json",
          "kein gültiges json",
          "pas un json valide",
          "geçerli bir json",
          "bukan json yang valid",
          "json non valido nel",
          // the user's own message or prompt named empty (a bot's answer to its user), in the
          // corpus's languages
          "发过来的消息是空",
          "不可為空白",
          "プロンプトが空",
          "보내주신 메시지가 비어",
          "прислали пустое сообщение",
          "tu mensaje llegó vacío",
          "sua mensagem chegou vazia",
          "votre message est vide",
          "deine nachricht ist leer",
          "gönderdiğin mesaj boş",
          "tin nhắn bạn gửi đang trống",
          "pesan kamu kosong",
          "il tuo messaggio è vuoto",
          // a function or a tool named wrong, defined wrong or twice, in the corpus's languages
          "function name",
          "both named",
          "nom de fonction",
          "funktionsname",
          "tên hàm",
          "fonksiyon adı",
          "함수 정의",
          "definizione dello strumento",
          "định nghĩa công cụ",
          "araç tanımı",
          "définition de l'outil",
          "definición de la herramienta",
          "definição da ferramenta",
          "werkzeugdefinition",
          "определение инструмента",
          "工具數量",
          "工具数量",
          "numero di tools",
          // a quoted key of the body the API does not know, a field not recognised or of the wrong
          // type, a required field missing, in the corpus's languages
          // …named with or without quotes ("Unbekannter Schlüssel temprature im Request-Body")
          "unbekannter schlüssel",
          "unbekanntes feld",
          "unbekannter parameter",
          "chiave sconosciuta",
          "campo sconosciuto",
          "parametro sconosciuto",
          "неизвестный ключ",
          "неизвестное поле",
          "неизвестный параметр",
          "clave desconocida",
          "campo desconocido",
          "parámetro desconocido",
          "clé inconnue",
          "champ inconnu",
          "paramètre inconnu",
          "chave desconhecida",
          "campo desconhecido",
          "parâmetro desconhecido",
          "bilinmeyen anahtar",
          "bilinmeyen alan",
          "bilinmeyen parametre",
          "khóa không xác định",
          "trường không xác định",
          "tham số không xác định",
          "key tidak dikenal",
          "kolom tidak dikenal",
          "parameter tidak dikenal",
          "未知字段",
          "未知参数",
          "不明なキー",
          "不明なフィールド",
          "不明なパラメータ",
          "알 수 없는 키",
          "알 수 없는 필드",
          "알 수 없는 매개변수",
          "알 수 없는 파라미터",
          "non reconnu par l'api",
          "не распознано",
          "tidak diperbolehkan oleh skema",
          "类型错误",
          "類型錯誤",
          "phải là chuỗi",
          "valor no admitido",
          "falschen typ",
          "zorunlu alan",
          "パラメータ ",
          // the parameters an API couples or bounds, by their API names; stop sequences in the
          // corpus's languages; a file type the API does not take
          "stream_options",
          "logprobs",
          "reasoning_effort",
          "stop 시퀀스",
          "séquence d'arrêt",
          "stop 序列",
          "stop-sequenzen",
          "stop sequence",
          "arquivo não suportado",
          "format d'image non pris",
          "nicht unterstütztes bildformat",
          "format file tidak didukung",
          "formato non supportato",
          "desteklenmeyen dosya",
          "định dạng không được hỗ trợ");

  // An app's own words for a failure it did not understand either ("Oops, something went wrong",
  // 请求失败): its "try again later" is a formula, not the provider's word that the trouble will pass.
  static final List<String> UNKNOWN_CAUSE_WORDING =
      List.of(
          // …also as apps misspell it ("An error ocurred! Please try again later")
          "an error ocurred",
          "something went wrong",
          // …also as apps misword it ("Something wrong occurs, please retry.")
          "something wrong",
          "请求失败",
          "出错了",
          // a problem run into or that occurred, a call to the API that failed, in Chinese
          // ("遇到问题了，请稍后再试", "请求 ChatGPT 服务器时出现问题", "请求接口失败，请稍后重试")
          "遇到问题",
          "出现问题",
          "请求接口失败",
          // an error named unexpected, a problem named and nothing more ("Unexpected error, please
          // retry.", "There was a problem with your chat request")
          "unexpected error",
          "there was a problem",
          // an error named with nothing else said but to wait
          "an error occurred. please try again",
          // an app that offers the key and waiting as two guesses ("Please check your API key or
          // try again later")
          "check your api key or");

  // A failure named as such, and nothing more, in the corpus's languages.
  static final List<String> FAILED_WORDING =
      List.of(
          "failed",
          "失败",
          "失敗",
          "실패",
          "fehlgeschlagen",
          "falló",
          "falhou",
          "échoué",
          "не удалось",
          "başarısız",
          "thất bại",
          "gagal");

  // The failure words said of the failure itself, not only of the app's task named before it
  // ("Failed to generate commit message: 服务忙,请稍后再试" and "Agent run failed: 服务忙,请稍后再试"
  // say the service is busy, as the message alone does; the label is the app's, whatever failed
  // it)
  static final Words FAILED_AFTER_TASK_LABEL =
      Words.of(
          new Clause(
              FAILED_WORDING,
              Regexes.compile(
                  "^(?>(?:\\s*(?:failed to [a-z]+(?: [a-z-]+){0,4}|(?:[a-z]+ ){1,3}failed)\\s*[:：])?)[\\s\\S]*?(?:"
                      + FAILED_WORDING.stream().map(Pattern::quote).collect(Collectors.joining("|"))
                      + ")")));

  // A request to wait and try again, with nothing else said about why.
  static final List<String> RETRY_LATER_WORDING =
      List.of(
          // …in Thai ("กรุณาลองใหม่ภายหลัง")
          "ลองใหม่ภายหลัง",
          "try again later",
          "retry later",
          "retry shortly",
          "try again shortly",
          "try again in a few",
          "wait a moment",
          "稍后再试",
          "稍后重试",
          "等一下再试",
          "请稍后",
          "请重试",
          "再试试");
}
