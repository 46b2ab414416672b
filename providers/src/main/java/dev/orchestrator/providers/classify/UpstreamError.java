package dev.orchestrator.providers.classify;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.orchestrator.engine.chat.Finish;
import dev.orchestrator.engine.internal.Regexes;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What an upstream error says, read from the body shapes providers actually send. Built only by
 * {@link #read}, which never throws: garbage yields an error with no fields.
 *
 * <p>Shapes read: OpenAI ({@code error.type/code/message}); Anthropic ({@code type: error}, {@code
 * error.type}, top-level {@code request_id}); Google ({@code error.status}, {@code error.code},
 * {@code details[]} with {@code RetryInfo.retryDelay}, {@code QuotaFailure}, {@code
 * ErrorInfo.reason}, also wrapped in a one-element array); OpenRouter ({@code error.code} carrying
 * the HTTP status, {@code error.metadata.raw}, {@code provider_name}); Mistral and vLLM ({@code
 * object: error}, {@code type}, {@code code}, {@code raw_status_code}); NVIDIA NIM problem+json
 * ({@code type}, {@code title}, {@code detail}, {@code status}); Together ({@code type_}); TGI
 * ({@code error} string, {@code error_type}); AWS ({@code __type}, {@code message}/{@code
 * Message}); FastAPI ({@code detail}); LiteLLM and Python SDK wrappers ({@code
 * litellm.RateLimitError: …}, {@code Error code: 429}); SSE framing ({@code event: error} / {@code
 * data: …}); HTML pages (the {@code <title>}); plain text. Bedrock's event-stream exception members
 * ({@code {"throttlingException": {"message": …}}}); xAI's {@code {"code", "error"}}; OpenRouter's
 * moderation metadata ({@code reasons}, {@code flagged_input}).
 *
 * <p>An upstream error wrapped in a gateway's message — double-encoded JSON, a Python dict or bytes
 * repr ({@code b'{…}'}) inside LiteLLM's message, Bedrock's {@code ':exception-type'} header
 * printed by an SDK — contributes its {@code type}/{@code code}/{@code status} values as tokens and
 * its numeric code as a carried status, so it is classified by the inner error.
 *
 * <p>A 2xx answer is read for a block outcome ({@link #blockReason}): OpenAI/Azure {@code
 * finish_reason: content_filter}, Anthropic {@code stop_reason: refusal}, Gemini {@code
 * promptFeedback.blockReason} and candidate {@code finishReason} SAFETY and its kin, Bedrock {@code
 * stopReason: guardrail_intervened}.
 *
 * @param message the upstream's own message, uncleaned, or {@code null}
 * @param type the provider's error type, uncleaned, or {@code null}
 * @param code the provider's error code as text, uncleaned, or {@code null}
 * @param carriedStatus an HTTP status the body itself carries (OpenRouter and Google {@code
 *     error.code}, NIM {@code status}, Mistral {@code raw_status_code}), or {@code null}
 * @param tokens lower-case type/code/status/reason identifiers, most specific first
 * @param wording the texts the wording rules read (message, type, code, tokens, other texts), each
 *     lower-cased ({@link Locale#ROOT}) and followed by a line feed
 * @param requestId a request id found in the body, or {@code null}
 * @param retryDelay Google's {@code RetryInfo.retryDelay}, or {@code null}
 * @param quotaFailure whether a Google {@code QuotaFailure} detail is present
 * @param errorShape whether the body is recognisably an error (as opposed to a 2xx answer)
 * @param blockReason the block outcome a 2xx answer reports, or {@code null}
 * @param answerShape whether the body is a model's answer (choices, candidates, an assistant
 *     message) and not an error
 * @param answerBlank whether that answer holds nothing: no text, no tool call, no refusal in any
 *     choice, candidate or content block
 */
record UpstreamError(
    String message,
    String type,
    String code,
    Integer carriedStatus,
    List<String> tokens,
    String wording,
    String requestId,
    Duration retryDelay,
    boolean quotaFailure,
    boolean errorShape,
    String blockReason,
    boolean answerShape,
    boolean answerBlank) {

  // Real error bodies are a few levels deep; the limits make hostile input cheap to reject.
  private static final ObjectReader JSON =
      JsonMapper.builder(
              JsonFactory.builder()
                  .streamReadConstraints(
                      StreamReadConstraints.builder()
                          .maxNestingDepth(64)
                          .maxStringLength(Text.MAX_READ_CHARS)
                          .maxNumberLength(64)
                          .maxNameLength(1024)
                          .build())
                  .build())
          // a body quoted with an elision comment or a trailing comma is still read
          .enable(JsonReadFeature.ALLOW_JAVA_COMMENTS, JsonReadFeature.ALLOW_TRAILING_COMMA)
          .build()
          .reader();

  // What the user wrote, quoted back in an error: the value of a prompt, or of a message's content
  // after its role, in a request echoed as JSON or as a Python dict ({"prompt": "why was my
  // content filtered?"}, {"role": "user", "content": "…"}). It is the user's words, not the
  // error's, so the wording rules do not read it. A bare "content" key is not one: relays put their
  // error there.
  private static final Pattern ECHOED_PROMPT =
      Regexes.compile(
          "([\"'](?:prompt|question|query)[\"']\\s*:\\s*"
              + "|[\"']role[\"']\\s*:\\s*[\"'](?:user|system|developer|assistant|tool)[\"']\\s*,\\s*"
              + "[\"']content[\"']\\s*:\\s*)"
              + "(?:\"(?:[^\"\\\\\\n]|\\\\.){1,2000}\"|'(?:[^'\\\\\\n]|\\\\.){1,2000}')");

  // …and a prompt or an input quoted after its label ("Prompt: \"tell me about rate limits\"",
  // pydantic's input_value='maximum context length', 用户输入：“为什么我的 API Key 无效？”).
  private static final Pattern LABELLED_PROMPT =
      Regexes.compile(
          "(?i)((?:\\bprompt(?: preview)?|\\buser input|\\binput(?:_value)?|\\bquestion|\\bquery"
              + "|用户输入|用户问题|提示词|プロンプト|入力|질문|프롬프트|입력)\\s*[:：=]\\s*)"
              + "(?:\"[^\"\\n]{1,2000}\"|“[^”\\n]{1,2000}”|「[^」\\n]{1,2000}」|'[^'\\n]{1,2000}')");

  private static final List<String> ECHO_KEYS = List.of("prompt", "content", "query", "question");
  private static final List<String> PROMPT_LABELS =
      List.of(
          "prompt", "input", "question", "query", "用户", "提示词", "プロンプト", "入力", "질문", "프롬프트", "입력");

  private static final Pattern HTML =
      Regexes.compile("(?i)<(?:!doctype|html|head|body|div|title|h1|p)[\\s>]");
  private static final Pattern HTML_TITLE =
      Regexes.compile("(?is)<title[^>]{0,200}>([^<]{0,500})</title>");
  private static final Pattern SDK_CLASS =
      Regexes.compile("(?i)\\b(?:litellm|openai|anthropic)\\.(?:exceptions\\.)?([a-z]{3,60})\\b");
  // An HTTP status printed in an SDK's, CLI's or gateway's message, in the phrasings they use:
  // "Error code: 429", "status code: 500", "status_code: 429", "HTTP 429", "API Error: 400" (a
  // dash or an equals sign in place of the colon: "Status code - 404", "status=502"),
  // "API Error (529", "Error 402:", a message starting with the status ("429 Rate limit…"), a
  // status with its reason phrase ("503 Service Unavailable", "[400 Bad Request]"), "403 status
  // code", an exception name before it ("ResourceExhausted: 429 Quota…"), DashScope's "<400>".
  // The earliest one in the text counts.
  // aiohttp's payload errors, whose 400 is aiohttp's own code for a body cut short
  // ("<TransferEncodingError: 400, message='Not enough data for satisfy transfer length
  // header.'>"), not an HTTP status (two MESSAGE_STATUS clauses read the 400)
  private static final String AIOHTTP_PAYLOAD_ERRORS =
      "transferencoding|contentlength|contentencoding";

  private static final List<FailureRules.Clause> MESSAGE_STATUS =
      List.of(
          FailureRules.Clause.of(
              "(?i)(?<![a-z0-9_])error code\\s*[:：=\\-–]?\\s*([1-5]\\d\\d)\\b", "error code"),
          // "code: 400 - {…}", "CODE 500 - {…}", as some SDKs print it ("error code" is read
          // above); "code is 401", as a client puts it after its own words (not "(code: 400)",
          // which revChatGPT prints around any failure, a rate limit too)
          FailureRules.Clause.of("(?i)(?<!error )\\bcode:?\\s*([1-5]\\d\\d)\\s+-\\s", "code"),
          FailureRules.Clause.of("(?i)\\bcode is ([1-5]\\d\\d)\\b(?![.,]\\d)", "code is"),
          FailureRules.Clause.of(
              "(?i)\\b(?:status[ _]?code|http[ _]?status|http[ _]?code|httpresponsecode|response_code|status|http)\\s*[:=\\-–]?"
                  + "\\s*(?:is\\s+)?[(\\['\"]?([1-5]\\d\\d)\\b(?![.,]\\d)",
              "status",
              "http",
              "response_code"),
          // (not aiohttp's payload errors: AIOHTTP_PAYLOAD_ERRORS)
          FailureRules.Clause.of(
              "(?i)(?:\\b(?:api )?error\\s*[:('\"\\-–]?"
                  + "|error:(?<!(?:"
                  + AIOHTTP_PAYLOAD_ERRORS
                  + ")error:))"
                  + "\\s*([1-5]\\d\\d)\\b(?![.,]\\d)",
              "error"),
          // a status a client names as the answer ("Server responded with 401", "API returned 401",
          // "Response code 402"), never a value a validation reports in parentheses
          // ("thinking.budget_tokens must be >= 1024 (got 512)")
          FailureRules.Clause.of(
              "(?i)\\b(?:response code|responded(?: with)?|answered|returns|returned|received|(?<!\\()got(?: back)?|failed with|came back with)\\s+(?:was |is |an? |http "
                  + "|status |status code |code |a status of )?([1-5]\\d\\d)\\b(?![.,]\\d)(?!\\s*(?:tokens|ms|seconds|%|bytes|chars|characters"
                  + "|items|results|rows|requests|messages))",
              "response code",
              "responded",
              "answered",
              "returns",
              "returned",
              "received",
              "got",
              "failed with",
              "came back with"),
          // a status a client's label for the failure puts first ("request failed: 429 Provider
          // returned error"), never a count ("Validation failed: 500 tokens over")
          FailureRules.Clause.of(
              "(?i)\\bfailed\\s*[:：]\\s*([1-5]\\d\\d)\\b(?![.,:]\\d)(?!\\s*(?:tokens|ms|seconds|%|bytes"
                  + "|chars|characters|items|results|rows|requests|messages|times))",
              "failed"),
          // a status line quoted by a client ("(HTTP/2 429) Could not parse HTTP response")
          FailureRules.Clause.of("(?i)\\bHTTP/\\d(?:\\.\\d)?\\s+([1-5]\\d\\d)\\b", "http/"),
          FailureRules.Clause.of(
              "^\\W{0,3}([1-5]\\d\\d)\\b(?![.,]\\d)(?!\\s*(?:tokens|ms|seconds|%))"),
          // (not a number an id names: "Batch ID 408 not found in cache")
          FailureRules.Clause.of(
              "(?i)\\b([1-5]\\d\\d)(?<!\\bid \\d{3})\\s+\\(?(?:bad request|unauthorized|payment required|forbidden|proxy authentication required|"
                  + "not found|page not found|request timeout|conflict|payload too large|content too large|"
                  + "unprocessable entity|too many requests|internal server error|bad gateway|"
                  + "service unavailable|gateway timeout)\\b",
              "bad request",
              "unauthorized",
              "payment required",
              "forbidden",
              "proxy authentication required",
              "not found",
              "request timeout",
              "conflict",
              "too large",
              "unprocessable entity",
              "too many requests",
              "internal server error",
              "bad gateway",
              "service unavailable",
              "gateway timeout"),
          // …and the reason phrase as a localised client prints it in Chinese ("返回错误：400 错误的请求")
          FailureRules.Clause.of(
              "\\b([1-5]\\d\\d)\\s*[(（]?(?:错误的请求|错误请求|未经授权|未授权|禁止访问|找不到|未找到|请求过多|请求太多"
                  + "|内部服务器错误|服务器内部错误|错误网关|服务不可用|网关超时)",
              "错误的请求",
              "错误请求",
              "未经授权",
              "未授权",
              "禁止访问",
              "找不到",
              "未找到",
              "请求过多",
              "请求太多",
              "内部服务器错误",
              "服务器内部错误",
              "错误网关",
              "服务不可用",
              "网关超时"),
          // Python requests' HTTPError, whatever reason phrase follows ("422 Client Error: unknown
          // for url: …", "503 Server Error: Service Temporarily Unavailable for url: …")
          FailureRules.Clause.of(
              "(?i)\\b([1-5]\\d\\d) (?:client|server) error\\b", "client error", "server error"),
          FailureRules.Clause.of("(?i)\\b([1-5]\\d\\d) status code\\b", " status code"),
          // Alamofire's AFError ("Response status code was unacceptable: 429.")
          FailureRules.Clause.of(
              "(?i)\\bstatus code was unacceptable:\\s*([1-5]\\d\\d)\\b", "unacceptable"),
          // a status a client names the failure by ("validation failed (500)", "request failed
          // with code 404", "failed with status 403")
          // …or after a comma or a dash ("Request failed, 404", "fetch failed - 502")
          FailureRules.Clause.of(
              "(?i)\\bfailed\\s*(?:\\(|[,\\-–—]\\s*)([1-5]\\d\\d)\\b(?![.,]\\d)", "failed"),
          // a status printed as a key's value in a log line ("code=404", "error=429", "err=503") or
          // after "ERR" ("ERR 401")
          FailureRules.Clause.of(
              "(?i)\\b(?:code|error|err)=([1-5]\\d\\d)\\b(?![.,]\\d)", "code=", "error=", "err="),
          FailureRules.Clause.of("(?i)\\berr\\s+([45]\\d\\d)\\b(?![.,]\\d)", "err "),
          // a 4xx or 5xx alone in parentheses ("Gemini API (404)"), an upstream's status named so
          // ("upstream 502")
          FailureRules.Clause.of("\\(([45]\\d\\d)\\)", "(4", "(5"),
          FailureRules.Clause.of("(?i)\\bupstream\\s+([45]\\d\\d)\\b(?![.,]\\d)", "upstream"),
          FailureRules.Clause.of(
              "(?i)\\bwith (?:status(?: code)?|code|http(?: status)?)\\s*:?\\s*([1-5]\\d\\d)\\b(?![.,]\\d)",
              "with "),
          // an exception named before the status: "ResourceExhausted: 429 Quota exceeded…"
          // or a parenthesis closed before it ("(Attempt 1/3): 400 Provider returned error")
          FailureRules.Clause.of(
              "(?:\\b[A-Z][A-Za-z]{2,60}|\\))\\s*:\\s*([1-5]\\d\\d)(?:\\s+[A-Z{\\[-]|:)", ":"),
          FailureRules.Clause.of("<([1-5]\\d\\d)>", "<"),
          // OkHttp's Response printed whole ("Unexpected code Response{protocol=h2, code=500, …}"),
          // Dart Dio's "the response has a status code of 429"
          FailureRules.Clause.of("(?i)\\bresponse\\{[^}]{0,40}?\\bcode=([1-5]\\d\\d)\\b", "code="),
          FailureRules.Clause.of("(?i)\\bstatus code of ([1-5]\\d\\d)\\b", "status code of"),
          // "Response 403: Cloudflare detected"
          FailureRules.Clause.of("(?i)\\bresponse\\s+([1-5]\\d\\d):", "response"),
          // a code printed after a spaced colon ("Exception : run code :400", French "code : 403")
          FailureRules.Clause.of("(?i)\\bcode\\s+:\\s*([45]\\d\\d)\\b(?![.,]\\d)", "code"),
          // an error code named so in the apps' languages ("Gemini elemzés sikertelen (hibakód:
          // 404)", "kod błędu: 429", "código de error: 500", "Fehlercode 401")
          FailureRules.Clause.of(
              "(?i)(?:hibakód|kod błędu|código de error|código de erro|code d'erreur|fehlercode"
                  + "|codice di errore|foutcode|код ошибки|hata kodu|mã lỗi)\\s*[:：]?\\s*([1-5]\\d\\d)\\b(?![.,]\\d)",
              "hibakód",
              "kod błędu",
              "código de erro",
              "code d'erreur",
              "fehlercode",
              "codice di errore",
              "foutcode",
              "код ошибки",
              "hata kodu",
              "mã lỗi"),
          // a status after the word error, failed or status code and a colon, in Chinese, Japanese
          // and Korean ("[错误: 400: Invalid content]", "API请求失败，状态码：402", "请求失败: 403, {…}")
          FailureRules.Clause.of(
              "(?:错误|錯誤|エラー|오류|失败|失敗|状态码|狀態碼|ステータスコード|상태 ?코드)\\s*[:：]\\s*([1-5]\\d\\d)\\b(?![.,]\\d)",
              "错误",
              "錯誤",
              "エラー",
              "오류",
              "失败",
              "失敗",
              "状态码",
              "狀態碼",
              "ステータスコード",
              "코드"),
          // an error class with the status after it ("请求失败：DifyAPIError 404", "HTTPError 503")
          FailureRules.Clause.of(
              "(?i)[a-z]error\\s+([1-5]\\d\\d)\\b(?![.,]\\d)(?!\\s*(?:tokens|ms|seconds|%|bytes))",
              "error "),
          // aiohttp's ClientResponseError ("502, message='Bad Gateway', url='…'", "Request 5094
          // failed with Exception 502, message='Attempt to decode JSON with unexpected mimetype'");
          // not its payload errors (AIOHTTP_PAYLOAD_ERRORS)
          FailureRules.Clause.of(
              "(?i)\\b([1-5]\\d\\d)(?<!(?:"
                  + AIOHTTP_PAYLOAD_ERRORS
                  + ")error: \\d{3})"
                  + ", message=['\"]",
              "message="),
          // Java's HttpURLConnection ("Server returned HTTP response code: 413 for URL: …")
          FailureRules.Clause.of(
              "(?i)\\bhttp response code: ([1-5]\\d\\d)\\b", "http response code"),
          // .NET's HttpRequestException in any language, the status and its reason in parentheses
          // at the end ("Response status code does not indicate success: 404 (Not Found).", "A
          // válasz állapotkódja nem sikert jelez: 529 ().")
          FailureRules.Clause.of("(?m):\\s+([1-5]\\d\\d) \\([A-Za-z ]{0,40}\\)\\.?\\s*$", ":"),
          // a status in parentheses after the word error ("发生未知错误 (401)。", "Error (429)")
          FailureRules.Clause.of(
              "(?i)(?:错误|錯誤|失败|失敗|エラー|오류|\\berror)\\s*[:：]?\\s*[(（]([1-5]\\d\\d)[)）]",
              "错误",
              "錯誤",
              "失败",
              "失敗",
              "エラー",
              "오류",
              "error"),
          // after a full-width colon, as Chinese and Japanese apps print it ("额度获取失败：401 Your …")
          FailureRules.Clause.of("：\\s*([1-5]\\d\\d)\\s+[A-Z]", "："),
          // a bracketed status ("Upstream request failed: [403] …"), not an index ("messages[400]")
          FailureRules.Clause.of("(?<![\\w\\]])\\[([1-5]\\d\\d)\\]", "["),
          // a status that ends the text after a colon ("Error: pull model manifest: 401", "Could
          // not fetch resource at https://…?authuser=0: 403") (a space after the colon, so that
          // no port does: "…:443")
          FailureRules.Clause.of("(?<=[A-Za-z0-9]):\\s+([1-5]\\d\\d)\\.?\\s*$", ":"),
          // a status alone in parentheses on its own line ("Failed to load response from
          // api.openai.com:\n(429)")
          FailureRules.Clause.of("(?m)^\\s*\\(([1-5]\\d\\d)\\)\\s*$", "("),
          // Alamofire's "unacceptableStatusCode(code: 401)"
          FailureRules.Clause.of("(?i)statuscode\\((?:code:\\s*)?([1-5]\\d\\d)\\)", "statuscode("),
          // a status as a constructor's first argument (Warp's "ErrorStatus(500, \"\")")
          FailureRules.Clause.of("(?i)status\\(([1-5]\\d\\d)\\s*[,)]", "status("));
  // An exception class named in a message: AWS (ValidationException, ThrottlingException), SDKs
  // (TooManyRequestsError, PermissionDeniedError), vendors (AppIdNoAuthError). Read as the least
  // specific tokens: the class a client threw says less than the error it wraps.
  private static final Pattern EXCEPTION_CLASS =
      Regexes.compile("\\b([A-Z][A-Za-z0-9]{2,60}(?:Exception|Error))\\b");
  // Not .NET's System.Security.Authentication.AuthenticationException: a TLS handshake that
  // failed ("The SSL connection could not be established"), not a key refused.
  private static final String TLS_NAMESPACE = "Security.Authentication.";
  private static final int MAX_CLASS_TOKENS = 4;
  // an app's plea to try again ending a text (withoutTrailingRetry)
  private static final Pattern TRAILING_RETRY =
      Regexes.compile(
          "(?i)[.!。]?\\s+(?:please,? )?(?:try again|retry)(?: later| (?:in )?a (?:moment|bit|few"
              + " (?:minutes|moments|seconds)))?[.!。]?\\s*$");
  // an ANSI control sequence, as terminals colour and move text: ESC "[", parameters, a final
  // letter ("[31m", "[0m", "[2K"); any other escape is left to the cleaning every text gets
  private static final Pattern ANSI_ESCAPE = Regexes.compile("\u001b\\[[0-9;?]*[ -/]*[@-~]");
  // The shortest line softJoined reads as wrapped at a terminal's or a formatter's width
  private static final int WRAP_WIDTH = 60;
  // A number written with commas between groups of three digits ("203,743", "1,024"), as many
  // providers and apps print counts of tokens, characters and milliseconds
  private static final Pattern GROUPED_DIGITS =
      Regexes.compile("(?<![\\d.,])\\d{1,3}(?:,\\d{3})+(?!,?\\d)");
  // A compound the vocabulary spells one way, written hyphenated, closed up or apart: "rate-limit"
  // and "ratelimit" (never inside a header's name, "x-ratelimit-reset", nor a link's path,
  // ".../rate-limits"), "time-out", and "can not" ("can not truncate prompt with n_keep"). (Not
  // "sign-in": "a Wi-Fi sign-in page" is no sign-in to renew.)
  private static final Pattern COMPOUND =
      Regexes.compile(
          "(?<![\\w/.-])(?:rate-?limit(?=(?:s|ed|ing|er)?\\b(?!-))|time-(outs?)\\b|(can) not\\b)");
  // A UTF-16 unit escaped as in JSON, left in a text by one quoting too many
  private static final Pattern ESCAPED_CHAR = Regexes.compile("\\\\+u([0-9a-f]{4})");
  // The quoted key of an error's envelope before a quoted value, in a JSON document, a JSON string
  // escaped once more or a Python dict printed inside a text ("message": "…", 'msg': '…'), in
  // any case: keys that name where the words are, not what they say (not "finishReason":
  // "SAFETY", nor "prompt": "…")
  private static final Pattern ENVELOPE_KEY =
      Regexes.compile(
          "(?i)\\\\*[\"'](?:error|errors|message|msg|errmsg|error_msg|error_message|errormessage|detail"
              + "|details|description|error_description|reason|title|status_message)\\\\*[\"']"
              + "\\s*:\\s*(?=\\\\*[\"'])");
  // A request or trace id a relay or client appends to the message it passes on ("… (request id:
  // 20241204142251938)", "… [trace_id: 4f2a8c1d]"), or the model and provider it was for ("…
  // (model: gpt-4o, provider: openai)"), or the attempt it was ("… (attempt 1 of 3)"): the
  // message's end is before it
  private static final Pattern TRAILING_ID =
      Regexes.compile(
          "(?i)\\s*[(（\\[]\\s*(?:(?:(?:request|req|trace|correlation)[ _-]?id\\s*[:：=]?"
              + "|(?:model|provider|deployment)\\s*[:：=])\\s*[^()（）\\[\\]\\n]{1,100}"
              + "|(?:attempt|retry|try)\\s*#?\\d{1,3}\\s*(?:/|of)\\s*\\d{1,3})[)）\\]]\\s*$");
  // an app's advice for when the failure repeats, or a library's pointer to its troubleshooting
  // page (LangChain's "For troubleshooting, visit: https://…", "Troubleshooting URL: https://…"),
  // or a client's notice that it will try again ("API Error (500 …) · Retrying in 1 seconds…
  // (attempt 1/10)", "… (retrying in 5s)": its own schedule, not a wait the provider asked for),
  // ending the text (withoutTrailingAdvice)
  private static final Pattern TRAILING_ADVICE =
      Regexes.compile(
          "(?i)(?<=[.!。])\\s+if (?:the|this|that) (?:problem|issue|error) (?:persists|continues"
              + "|keeps happening)[^\\n]{0,120}$|(?<=[.!。])\\s+if this keeps happening[^\\n]{0,120}$"
              + "|\\s+(?:for troubleshooting, visit|troubleshooting url)\\s*:\\s*\\S+\\s*$"
              + "|\\s*(?:[·•]\\s*|\\()retrying in \\d+(?:\\.\\d+)?\\s*(?:ms|s|secs?|seconds?)\\b"
              + "(?:…|\\.{3})?\\)?\\s*$");
  // What a log line puts before a message: a Markdown quote's "> ", then a timestamp (a date and a
  // time, or a bracketed time of day), a level (upper-case "ERROR", or bracketed "[error]") and
  // after it a logger's name in brackets, or a whole log line's prefix in a common logger's format
  // (LOGLINE); each optional. Not a bracketed tag without a level before it ("[moderation] …",
  // "[12:00:01] [moderation] …").
  private static final Pattern LOG_PREFIX =
      Regexes.compile(
          "^\\s*(?:>\\s+)?(?:LOGLINE|(?:TS\\s+)?LEVEL\\s*(?:LOGGER\\s+)?|TS\\s+)?"
              .replace(
                  // the prefixes of the log lines people paste: Python logging's default
                  // ("ERROR:root:", "ERROR:__main__:") and its dashed format ("2024-06-01
                  // 01:59:42,123 - app.llm - ERROR - "), glog's ("E0601 01:59:42.123456 12345
                  // client.cc:88] "), pino-pretty's ("ERROR [2025-10-04 20:54:43.646 +0300]
                  // (Mastra): ", "[2025-10-04 20:54:43.646 +0300] ERROR (Mastra): "), a
                  // bracketed level, time and source ("[ERROR][2024-06-01 01:59:42]
                  // [chat_gpt_bot.py:155] - "), Go logrus's text format up to its message
                  // ('time="2024-06-01T01:59:42Z" level=error msg="')
                  "LOGLINE",
                  "(?:ERROR|CRITICAL|WARNING|FATAL):[\\w.<>-]{1,60}:"
                      + "|(?:TS\\s*-\\s*)?(?:[\\w.]{1,60}\\s+-\\s+)?(?:ERROR|CRITICAL|WARNING|FATAL)\\s+-\\s+"
                      + "|[EWF]\\d{4} \\d\\d:\\d\\d:\\d\\d\\.\\d+\\s+\\d+\\s+[\\w./-]+:\\d+\\]\\s*"
                      + "|(?:ERROR|WARN|FATAL)\\s+\\[[^\\]\\n]{1,40}\\]\\s*\\([^)\\n]{1,40}\\):\\s*"
                      + "|TS\\s+(?:ERROR|WARN|FATAL)\\s+\\([^)\\n]{1,40}\\):\\s*"
                      + "|\\[(?:ERROR|WARN|WARNING|FATAL|CRITICAL)\\]TS(?:\\[[\\w./-]{1,60}:\\d+\\])?\\s*-\\s*"
                      + "|time=\"[^\"\\n]{1,40}\"\\s+level=(?:error|warning|fatal)\\s+msg=\"")
              .replace(
                  "TS",
                  "(?:\\[?\\d{4}-\\d\\d-\\d\\d[Tt ]\\d\\d:\\d\\d(?::\\d\\d)?(?:[.,]\\d+)?"
                      + "(?:[Zz]|[+-]\\d\\d:?\\d\\d)?\\]?"
                      + "|\\[\\d\\d:\\d\\d:\\d\\d(?:[.,]\\d+)?\\])")
              .replace(
                  "LEVEL",
                  "(?:\\[(?i:error|err|fatal|critical|warn|warning)\\]"
                      + "|(?:ERROR|ERR|FATAL|CRITICAL|WARN|WARNING)\\b(?![:：]))")
              .replace("LOGGER", "\\[[\\w.:/-]{1,60}\\]"));
  // where a logfmt line's message starts (LOG_PREFIX ends with it)
  private static final String LOGFMT_MESSAGE = "msg=\"";
  // What a generic label puts before a message, after any log line's prefix: an app's
  // interjection ("Oops! "), then a label ("Error: ", "Exception: ", "错误：") said once or more;
  // each optional. Not a word that only starts a sentence ("Error interno del servidor", "Error
  // loading SSO Token").
  private static final Pattern LEADING_LABEL =
      Regexes.compile(
          "(?:(?i:oops|whoops|uh[- ]?oh|yikes)[!.]+\\s+)?"
              + "(?:\\s*(?:(?i:error|exception|err|fatal|critical|warning|warn|GENERIC|NARRATIVE|TASK|RELAY|NO_CAUSE)|CLASS|错误(?:信息|详情)?|錯誤(?:訊息|信息)?|エラー(?:メッセージ)?|请求失败|调用失败)\\s*[:：]\\s*)*"
                  .replace(
                      // an app's task that the failure stopped, named for the answer it was
                      // getting ("Failed to get response: …", "Error generating reply from
                      // Ollama: …"): the cause after it is the message, and "response" in the
                      // label says nothing of the answer
                      "TASK",
                      "(?:failed to|unable to|could not|error|error while) (?:get|getting|generate"
                          + "|generating|fetch|fetching|receive|receiving) (?:an? |the )?"
                          + "(?:response|reply|answer|completion)(?: from [^:：\\n]{1,40})?")
                  .replace(
                      // an app's words that something failed, before what did ("Something went
                      // wrong: Insufficient Balance", "An unexpected error occurred: HTTP 401 …",
                      // "Unknown error: Invalid json output: …"): said alone they name no cause,
                      // and are read as they are
                      "NO_CAUSE",
                      "(?:something went wrong|an? (?:unexpected |unknown )?error (?:has )?occurred"
                          + "|unexpected error(?: occurred)?|unknown error)")
                  .replace(
                      // a relay's label for what its upstream answered ("upstream error: …",
                      // "Provider returned error: …"): the upstream's words after it are the
                      // message; said alone, the label is read as it is
                      "RELAY", "(?:upstream|provider|channel)(?: returned)?(?: an)? error")
                  .replace(
                      "GENERIC",
                      "(?:the )?(?:(?:api|http|llm|model|chat|completion|upstream)\\s+)?"
                          + "(?:request|call|completion|generation|invocation)\\s+failed")
                  .replace(
                      // a person's words before what they pasted ("I got this error: …", "Getting
                      // the following error when I run the agent: …", "Error message: …")
                      "NARRATIVE",
                      "(?:i (?:got|get|am getting|keep getting|see|received)|i'm getting|getting|got|received)"
                          + " (?:this|the following|an|the|following)? ?(?:error|exception|message|response)s?"
                          + "(?: message)?(?: (?:when|while|after) [^:\\n]{1,80})?"
                          + "|error message")
                  .replace(
                      "CLASS",
                      "(?:[a-z_][a-z0-9_]*\\.)*(?:Runtime|Completion|Execution|Unchecked)?"
                          + "(?:Exception|Error)|Uncaught (?:\\(in promise\\) )?Error"));
  // an HTML entity plain() reads: a quote, an apostrophe, an angle bracket, the ampersand, the
  // no-break space
  private static final Pattern HTML_ENTITY =
      Regexes.compile(
          "&(quot|#34|#x22|#39|#x27|apos|lt|#60|gt|#62|nbsp|#160|amp|#38);",
          Pattern.CASE_INSENSITIVE);
  // A Python traceback's header and frames before the exception line it ends with (the frames
  // are indented: the file and line, then the code)
  private static final Pattern LEADING_TRACEBACK =
      Regexes.compile(
          "^\\s*Traceback \\(most recent call last\\):\\r?\\n(?:[ \\t]+[^\\n]*\\r?\\n)*");
  // JavaScript stack frames at a text's end, one a line
  private static final Pattern TRAILING_STACK =
      Regexes.compile("(?:\\r?\\n[ \\t]+at [^\\n]+)+\\s*$");
  // the longest quoted value read apart (ENVELOPE_KEY)
  private static final int MAX_VALUE_CHARS = 4096;
  // how deep values quoted in values are read apart: an error quoted in a gateway's message quoted
  // in an SDK's
  private static final int MAX_VALUE_DEPTH = 3;
  // a backslash escape in a quoted value: of a quote, a slash, a backslash, a line feed or a tab
  private static final Pattern VALUE_ESCAPE = Regexes.compile("\\\\+([\"'/nt])");
  // An identifier that names its meaning in words: CamelCase ("QuotaExceededError",
  // "UsageLimitExceeded") or snake_case in any case ("billing_not_active", FastGPT's
  // "LLM_model_response_empty"). Its words are read too, so the wording rules see "quota exceeded
  // error" and "billing not active" wherever the identifier stands (a message, a type, a code).
  // Not camelCase with a lower-case first word: JSON keys are written so ("safetyRatings",
  // "partTypes"), and read as words they name what did not happen.
  private static final Pattern IDENTIFIER =
      Regexes.compile(
          "\\b[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]+)+\\b|\\b[A-Za-z0-9]+(?:_[A-Za-z0-9]+)+\\b");
  private static final int MAX_IDENTIFIERS = 16;
  // the cut of a message that identifiers are looked for in: where an error names itself
  private static final int IDENTIFIER_SCAN_CHARS = 2048;
  // "type": "x", 'code': 'x', \"__type\": \"x\", ':exception-type': 'x' inside a wrapped message
  private static final Pattern INNER_TOKEN =
      Regexes.compile(
          "\\\\?[\"'](?:__type|type|code|status|reason|error_type|:exception-type)\\\\?[\"']\\s*:\\s*"
              + "\\\\?[\"']([A-Za-z0-9][A-Za-z0-9_.#\\-]{0,79})\\\\?[\"']");
  // "code": 400, 'status_code': 400, \"code\": \"429\"
  private static final Pattern INNER_STATUS =
      Regexes.compile(
          "\\\\?[\"'](?:code|status|status_code|statusCode)\\\\?[\"']\\s*:\\s*\\\\?[\"']?([1-5]\\d\\d)(?![\\d.])");
  // "code": 40301 inside a wrapped message: a numeric code that is no HTTP status (FastChat's
  // family, Zhipu's)
  private static final Pattern INNER_NUMERIC_CODE =
      Regexes.compile("\\\\?[\"'](?:code|error_code)\\\\?[\"']\\s*:\\s*(\\d{4,6})(?![\\d.])");
  private static final int MAX_INNER_TOKENS = 8;
  // Rust's Debug form of an API error (async-openai: `ApiError { message: "…", type:
  // Some("insufficient_quota"), code: Some("…") }`)
  private static final Pattern RUST_FIELD =
      Regexes.compile("\\b(?:r#type|type|code): Some\\(\\\\?\"([A-Za-z0-9_.\\-]{1,80})\\\\?\"\\)");
  private static final Pattern OAUTH_STYLE_CODE = Regexes.compile("[a-z][a-z0-9_]{2,60}");
  // a gRPC status named in a client's message ("code = StatusCode.PERMISSION_DENIED", Go's "rpc
  // error: code = Unavailable", "grpc_status=7")
  private static final Pattern GRPC_STATUS =
      Regexes.compile(
          "(?:\\bStatusCode\\.|\\bcode = (?:StatusCode\\.)?|\\bgrpc_status=)([A-Za-z_]{4,40}|\\d{1,2})\\b");
  // the gRPC status codes (https://grpc.io/docs/guides/status-codes/), by number, in the
  // canonical names Google's error.status uses
  // a lower-case letter and the capital after it: where Go's "PermissionDenied" takes its '_'
  private static final Pattern CAMEL_HUMP = Regexes.compile("([a-z])([A-Z])");
  private static final List<String> GRPC_NAMES =
      List.of(
          "ok",
          "cancelled",
          "unknown",
          "invalid_argument",
          "deadline_exceeded",
          "not_found",
          "already_exists",
          "permission_denied",
          "resource_exhausted",
          "failed_precondition",
          "aborted",
          "out_of_range",
          "unimplemented",
          "internal",
          "unavailable",
          "data_loss",
          "unauthenticated");
  // an error's text that is only a 4xx reason phrase ({"detail": "Not Found"}): its status (the
  // 5xx phrases are read as the server-error words they are)
  private static final Map<String, Integer> REASON_PHRASE_STATUS =
      Map.ofEntries(
          Map.entry("bad request", 400),
          Map.entry("unauthorized", 401),
          Map.entry("payment required", 402),
          Map.entry("forbidden", 403),
          Map.entry("not found", 404),
          Map.entry("method not allowed", 405),
          Map.entry("proxy authentication required", 407),
          Map.entry("payload too large", 413),
          Map.entry("unprocessable entity", 422),
          Map.entry("request entity too large", 413),
          Map.entry("too many requests", 429));
  private static final Pattern CLOSING_BRACKETS = Regexes.compile("[\\])}]+$");
  // a client's line wrap: a line break and the indentation after it
  private static final Pattern WRAPPED_LINE = Regexes.compile("[ \\t]*\\r?\\n[ \\t]+(?=\\S)");
  private static final Pattern STATUS_TEXT = Regexes.compile("[1-5]\\d\\d");
  // an HTML tag: '<', at most 4096 chars that are neither '<' nor '>', then '>'
  private static final Pattern TAG = Regexes.compile("<[^<>]{0,4096}>");

  // Gemini finishReason values that mean the candidate was withheld
  // (https://ai.google.dev/api/generate-content#FinishReason)
  private static final Set<String> GEMINI_BLOCKED =
      Set.of(
          "SAFETY",
          "RECITATION",
          "BLOCKLIST",
          "PROHIBITED_CONTENT",
          "SPII",
          "IMAGE_SAFETY",
          "IMAGE_PROHIBITED_CONTENT",
          "IMAGE_RECITATION");

  private static final Pattern MESSAGE_REQUEST_ID =
      Regexes.compile(
          "(?i)\\brequest[ _-]?id:?\\s*\\(?((?=[A-Za-z0-9_\\-]*\\d)[A-Za-z0-9][A-Za-z0-9_\\-]{5,99})");

  /**
   * Reads {@code body}, plus text from elsewhere (an exception message, a header error type). Never
   * throws.
   *
   * @param statusGiven an HTTP failure status came with the body; it decides over any status a text
   *     prints, so the texts are not searched for one ({@link #carriedStatus} is then only a status
   *     the error document holds in a field)
   */
  static UpstreamError read(
      String body, String otherText, String amznErrorType, boolean statusGiven) {
    Acc a = new Acc(statusGiven);
    String payload =
        sseData(body == null ? "" : withoutColours(Text.head(body, Text.MAX_READ_CHARS)));
    JsonNode root = parseJson(payload);
    if (root != null && root.isArray()) {
      root = firstObject(root);
    }
    if (root != null && root.isObject()) {
      readObject(root, a);
    } else if (!payload.isBlank()) {
      readText(unquotedWhole(payload), a);
    }
    if (!Text.isBlank(amznErrorType)) {
      // Bedrock: "ThrottlingException:http://internal.amazon.com/coral/com.amazon.bedrock/"
      String t = amznErrorType.trim();
      t = t.indexOf(':') > 0 ? t.substring(0, t.indexOf(':')) : t;
      a.type(t);
      a.token(t);
      a.errorShape = true;
    }
    if (!Text.isBlank(otherText)) {
      String other = unquotedWhole(withoutColours(otherText));
      a.words(unwrapLines(other));
      a.sdkClues(other);
      if (a.message == null && !a.errorShape) {
        a.message = other;
      }
      // (after any label before it: "Error: {\"role\": \"assistant\", \"content\": \"\"}")
      JsonNode printed = root == null ? parseJson(said(other)) : null;
      if (printed != null && printed.isObject()) {
        // a client's printout of the answer it could not use, with no body: read as that answer
        Acc answer = new Acc(statusGiven);
        readObject(printed, answer);
        if (!answer.errorShape && !a.errorShape) {
          a.blockReason = answer.blockReason;
          a.answerShape = answer.answerShape;
          a.answerBlank = answer.answerBlank;
        }
      }
    }
    return a.build();
  }

  // The text without its Markdown fences (unfenced), a Python traceback (LEADING_TRACEBACK), a log
  // line's prefix (LOG_PREFIX) or a generic label before it (LEADING_LABEL), nor the stack frames
  // (TRAILING_STACK) or the request or trace id (TRAILING_ID) after it: what the message starts
  // and ends with — a status, a reason, a phrase said alone — is its start and end again.
  private static String said(String whole) {
    String text = withoutLeadingTraceback(unfenced(whole));
    String logged = withoutLogPrefix(text);
    Matcher label = LEADING_LABEL.matcher(logged);
    // (a text that is only a prefix and labels is read whole)
    String t =
        label.lookingAt() && label.end() < logged.length() ? logged.substring(label.end()) : text;
    return withoutTrailingAdvice(withoutTrailingId(withoutTrailingStack(t)));
  }

  // The message a log line's prefix (LOG_PREFIX) is before, or the text when it has none or is
  // only one; a logfmt line's message is its msg="…" value, without the closing quote and with
  // its escaped quotes read as quotes.
  private static String withoutLogPrefix(String text) {
    Matcher prefix = LOG_PREFIX.matcher(text);
    if (!prefix.lookingAt() || prefix.end() == 0 || prefix.end() >= text.length()) {
      return text;
    }
    String t = text.substring(prefix.end());
    if (text.startsWith(LOGFMT_MESSAGE, prefix.end() - LOGFMT_MESSAGE.length())) {
      t = (t.endsWith("\"") ? t.substring(0, t.length() - 1) : t).replace("\\\"", "\"");
    }
    return t;
  }

  // The text without an app's closing advice for when the failure repeats ("If the problem
  // persists, contact support.", "If this keeps happening, …"): it names no cause, and what the
  // message ends with is before it.
  private static String withoutTrailingAdvice(String text) {
    return cutAt(TRAILING_ADVICE, text, text.length() - 200);
  }

  // The text without an app's plea to try again at its end ("… Not Found. Please try again."),
  // for the status it ends with; the same text when it ends otherwise.
  private static String withoutTrailingRetry(String text) {
    return cutAt(TRAILING_RETRY, text, text.length() - 80);
  }

  // The text up to where ending first matches at or after from (0 when negative),
  // or the whole text when it does not match there, or only at its start.
  private static String cutAt(Pattern ending, String text, int from) {
    Matcher m = ending.matcher(text).region(Math.max(0, from), text.length());
    return m.find() && m.start() > 0 ? text.substring(0, m.start()) : text;
  }

  // The text with the characters a web page, a terminal or an editor puts for the plain ones read
  // as them: a run of spaces, tabs, no-break or other wide spaces as one space; typographic
  // apostrophes and double quotes, guillemets and corner brackets as ASCII quotes; the HTML
  // entities of quotes, angle brackets, the ampersand and the no-break space as the characters; a
  // negation contracted as written out ("doesn't" as "does not", "can't" as "cannot", "won't" as
  // "will not"); the British spelling of "authorized", "organization", "recognized" and
  // "serialized" as the American one; an exclamation ending a line ("No model found!", "… failed:
  // 401!!") as a full stop. The words are the same, and every clause is written with the plain
  // characters, the negations written out and the American spelling.
  private static String plain(String text) {
    if (!needsPlain(text)) {
      return text;
    }
    String t = text;
    if (t.indexOf('&') >= 0 && t.indexOf(';') >= 0) {
      t = HTML_ENTITY.matcher(t).replaceAll(m -> Matcher.quoteReplacement(entity(m.group(1))));
    }
    // one pass over the characters: a pattern tried at every character cost more than the rest
    // of the reading on a long indented body
    StringBuilder out = new StringBuilder(t.length());
    boolean inSpace = false;
    // inside a JSON string of a document the text holds: a typographic double quote there becomes
    // an escaped one, so the string still ends where it did ("message": "Das Modell „gpt-4o“ …")
    boolean inDocument = false;
    boolean inString = false;
    for (int i = 0; i < t.length(); i++) {
      char c = t.charAt(i);
      if (c == '{' && !inString) {
        inDocument = true;
      } else if (c == '"' && inDocument && !escapedAt(t, i)) {
        inString = !inString;
      }
      if (isSpace(c)) {
        if (!inSpace) {
          out.append(' ');
        }
        inSpace = true;
        continue;
      }
      inSpace = false;
      if (isApostrophe(c) && contracted(t, i) && writtenOut(out)) {
        i++; // the 't'
        continue;
      }
      if (britishS(t, i)) {
        out.append(c == 's' ? 'z' : 'Z');
        continue;
      }
      if (c == '!') {
        // a run of them at once: one that ends a line is a full stop, any other stays
        int end = runEnd(t, i);
        if (endsLine(t, end)) {
          out.append('.');
        } else {
          out.append(t, i, end);
        }
        i = end - 1;
        continue;
      }
      if (c >= '\u201c' && c <= '\u201f' || isGuillemetOrCorner(c)) {
        out.append(inString ? "\\\"" : "\"");
        continue;
      }
      out.append(c == '\u2018' || c == '\u2019' ? '\'' : c);
    }
    return out.toString();
  }

  private static final List<String> IZE_STEMS = List.of("authori", "organi", "recogni", "seriali");
  private static final List<String> IZE_ENDINGS =
      List.of("ations", "ation", "ational", "ing", "ers", "er", "es", "ed", "e");

  // text[i] is the 's' of a British "-ise"/"-isation" of IZE_STEMS ("unauthorised",
  // "organisation"; not Indonesian "organisasi" nor Dutch "organisatie")
  private static boolean britishS(String text, int i) {
    char c = text.charAt(i);
    if (c != 's' && c != 'S' || i < 5) {
      return false;
    }
    for (String stem : IZE_STEMS) {
      int from = i - stem.length();
      if (from >= 0 && text.regionMatches(true, from, stem, 0, stem.length())) {
        for (String end : IZE_ENDINGS) {
          int after = i + 1 + end.length();
          if (text.regionMatches(true, i + 1, end, 0, end.length())
              && (after == text.length() || !Character.isLetter(text.charAt(after)))) {
            return true;
          }
        }
      }
    }
    return false;
  }

  // The end of the run of '!' that starts at text[i]
  private static int runEnd(String text, int i) {
    int j = i;
    while (j < text.length() && text.charAt(j) == '!') {
      j++;
    }
    return j;
  }

  // Whether only spaces are left of the line at text[i]
  private static boolean endsLine(String text, int i) {
    int k = i;
    while (k < text.length() && isSpace(text.charAt(k))) {
      k++;
    }
    return k == text.length() || text.charAt(k) == '\n' || text.charAt(k) == '\r';
  }

  // « », and the corner brackets 「 」 『 』 that quote in Chinese and Japanese: read as the plain
  // double quote, as the typographic ones are
  private static boolean isGuillemetOrCorner(char c) {
    return c == '\u00ab' || c == '\u00bb' || c >= '\u300c' && c <= '\u300f';
  }

  private static boolean isApostrophe(char c) {
    return c == '\'' || c == '\u2019';
  }

  // "n't" at text[i - 1 .. i + 1], ending a word
  private static boolean contracted(String text, int i) {
    return i > 0
        && i + 1 < text.length()
        && (text.charAt(i - 1) == 'n' || text.charAt(i - 1) == 'N')
        && (text.charAt(i + 1) == 't' || text.charAt(i + 1) == 'T')
        && (i + 2 == text.length() || !Character.isLetterOrDigit(text.charAt(i + 2)));
  }

  private static final Set<String> NEGATED_VERBS =
      Set.of(
          "do", "does", "did", "is", "are", "was", "were", "has", "have", "had", "could", "should",
          "would", "must", "need", "might");

  // The word before "n't" at the end of out written out with its negation ("doesn" -> "does not",
  // "can" -> "cannot", "won" -> "will not"), in the word's case; false for any other word.
  private static boolean writtenOut(StringBuilder out) {
    int start = out.length();
    while (start > 0 && Character.isLetter(out.charAt(start - 1))) {
      start--;
    }
    String word = out.substring(start);
    String lower = word.toLowerCase(Locale.ROOT);
    boolean upper = word.length() > 1 && word.equals(word.toUpperCase(Locale.ROOT));
    String not = upper ? "NOT" : "not";
    if (lower.equals("can")) {
      out.append(not);
    } else if (lower.equals("won")) {
      out.setLength(start);
      out.append(upper ? "WILL" : word.charAt(0) == 'W' ? "Will" : "will").append(' ').append(not);
    } else if (lower.length() > 1
        && NEGATED_VERBS.contains(lower.substring(0, lower.length() - 1))) {
      out.setLength(out.length() - 1);
      out.append(' ').append(not);
    } else {
      return false;
    }
    return true;
  }

  private static boolean isSpace(char c) {
    return c == ' '
        || c == '\t'
        || c == '\u00a0'
        || c >= '\u2000' && c <= '\u200a'
        || c == '\u202f'
        || c == '\u3000';
  }

  // Whether text[i] follows an odd run of backslashes (an escaped character)
  private static boolean escapedAt(String text, int i) {
    int run = 0;
    while (i - run - 1 >= 0 && text.charAt(i - run - 1) == '\\') {
      run++;
    }
    return run % 2 == 1;
  }

  private static boolean needsPlain(String text) {
    char before = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == ' ' && before == ' '
          || c != ' ' && isSpace(c)
          || c == '&'
          || c >= '\u2018' && c <= '\u201f'
          || isGuillemetOrCorner(c)
          || c == '\'' && contracted(text, i)
          || britishS(text, i)
          || c == '!' && before != '!' && endsLine(text, runEnd(text, i))) {
        return true;
      }
      before = c;
    }
    return false;
  }

  private static String entity(String name) {
    switch (name.toLowerCase(Locale.ROOT)) {
      case "quot":
      case "#34":
      case "#x22":
        return "\"";
      case "#39":
      case "#x27":
      case "apos":
        return "'";
      case "lt":
      case "#60":
        return "<";
      case "gt":
      case "#62":
        return ">";
      case "nbsp":
      case "#160":
        return " ";
      default:
        return "&";
    }
  }

  // The text with the line breaks a terminal or a formatter wrapped a sentence at read as spaces: a
  // break (with the spaces or tabs before it) after a lower-case letter of any cased script, a
  // digit or a comma, before a lower-case letter; and, after a line as long as a terminal's or a
  // formatter's width (WRAP_WIDTH) that ends inside a sentence (a letter, a digit or a comma:
  // never a sentence's end, nor the closing bracket of code a traceback's frames joined before
  // it), before a letter, a digit, a quote, a backtick or "+" ("Insufficient / Balance", "returned
  // code / 502"), as a wrap falls wherever the width ends. A scan of the breaks, not a pattern
  // tried at every character: every text the wording reads goes through it.
  private static String softJoined(String text) {
    StringBuilder out = null;
    int done = 0;
    int lineStart = 0;
    for (int nl = text.indexOf('\n');
        nl >= 0;
        lineStart = nl + 1, nl = text.indexOf('\n', nl + 1)) {
      char after = nl + 1 < text.length() ? text.charAt(nl + 1) : ' ';
      if (!Character.isLetterOrDigit(after) && "`'\"+".indexOf(after) < 0) {
        continue;
      }
      int end = nl > 0 && text.charAt(nl - 1) == '\r' ? nl - 1 : nl;
      while (end > 0 && (text.charAt(end - 1) == ' ' || text.charAt(end - 1) == '\t')) {
        end--;
      }
      char before = end > 0 ? text.charAt(end - 1) : '\n';
      boolean digitOrComma = before >= '0' && before <= '9' || before == ',';
      boolean wrapped =
          nl - lineStart >= WRAP_WIDTH && (Character.isLetter(before) || digitOrComma);
      if (wrapped
          || Character.isLowerCase(after) && (Character.isLowerCase(before) || digitOrComma)) {
        out = out == null ? new StringBuilder(text.length()) : out;
        out.append(text, done, end).append(' ');
        done = nl + 1;
      }
    }
    return out == null ? text : out.append(text, done, text.length()).toString();
  }

  // A text fenced whole as Markdown code ("```\n…\n```", as an issue or a chat quotes an error),
  // without its fences: the words are the same, and what starts and ends it is there again.
  private static String unfenced(String text) {
    String t = text.strip();
    if (!t.startsWith("```") || !t.endsWith("```") || t.length() < 7) {
      return text;
    }
    int open = t.indexOf('\n');
    int close = t.length() - 3;
    if (open < 0 || open >= close || t.indexOf("```", 3) != close) {
      return text;
    }
    String info = t.substring(3, open).strip();
    String inner = t.substring(open + 1, close).strip();
    return info.indexOf(' ') < 0 && !inner.isEmpty() ? inner : text;
  }

  // The text without the Python traceback printed before its exception line: where it starts is
  // after the frames.
  private static String withoutLeadingTraceback(String text) {
    if (!text.startsWith("Traceback", firstNonSpace(text))) {
      return text;
    }
    Matcher frames = LEADING_TRACEBACK.matcher(text);
    return frames.lookingAt() && frames.end() < text.length() ? text.substring(frames.end()) : text;
  }

  private static int firstNonSpace(String text) {
    int i = 0;
    while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
      i++;
    }
    return i;
  }

  // The text without the JavaScript stack frames printed after it ("\n    at
  // processTicksAndRejections (node:internal/…)"): where it ends is before them.
  private static String withoutTrailingStack(String text) {
    if (text.indexOf("\n") < 0 || !text.contains(" at ")) {
      return text;
    }
    return cutAt(TRAILING_STACK, text, 0);
  }

  // The text without the request or trace id appended at its end (TRAILING_ID), so that what the
  // message ends with — a status, a reason, a phrase said alone — is its end again. The id itself
  // is read from the message as given.
  private static String withoutTrailingId(String text) {
    int end = text.length();
    while (end > 0 && Character.isWhitespace(text.charAt(end - 1))) {
      end--;
    }
    char last = end == 0 ? 0 : text.charAt(end - 1);
    if (last != ')' && last != '）' && last != ']') {
      return text;
    }
    return cutAt(TRAILING_ID, text, end - 160);
  }

  // A text quoted whole (a JSON string body, a log's error="…", a Python repr) without its quotes,
  // when it quotes nothing else with them: the words are the same, and a status or a phrase at
  // its start or end is there again.
  private static String unquotedWhole(String text) {
    String t = text.strip();
    char q = t.length() > 2 ? t.charAt(0) : 0;
    if ((q != '"' && q != '\'') || t.charAt(t.length() - 1) != q) {
      return text;
    }
    String inner = t.substring(1, t.length() - 1);
    return inner.indexOf(q) < 0 && inner.indexOf('\\') < 0 && !inner.isBlank() ? inner : text;
  }

  // An SSE error event ("event: error\ndata: {...}") carries its JSON in the data lines.
  private static String sseData(String text) {
    String t = text.stripLeading();
    if (!(t.startsWith("data:") || t.startsWith("event:"))) {
      return text;
    }
    StringBuilder data = new StringBuilder();
    for (String line : t.split("\r?\n")) {
      if (line.startsWith("data:")) {
        data.append(line.substring(5).trim()).append('\n');
      }
    }
    return data.toString();
  }

  /** Jackson's tree of {@code payload}, or {@code null} if it is not a JSON object or array. */
  static JsonNode parseJson(String payload) {
    String t = payload.strip();
    if (!(t.startsWith("{") || t.startsWith("["))) {
      return null;
    }
    try {
      return JSON.readTree(t);
    } catch (IOException | RuntimeException e) {
      // not JSON after all, too deep, too long: read it as text
      return null;
    }
  }

  private static JsonNode firstObject(JsonNode array) {
    for (JsonNode n : array) {
      if (n.isObject()) {
        return n;
      }
    }
    return null;
  }

  private static void readObject(JsonNode root, Acc a) {
    JsonNode err = root.get("error");
    if (err == null || err.isArray()) {
      // Cloudflare's API envelope: {"success": false, "errors": [{"code": 7003, "message": "…"}]}
      // (its AI Gateway names the list "error")
      JsonNode list = err != null ? err : root.get("errors");
      err = list != null && list.isArray() ? firstObject(list) : err;
    }
    if (err != null && err.isObject()) {
      a.errorShape = true;
      readErrorObject(err, a);
    } else if (err != null && err.isTextual()) {
      // TGI / Ollama / plain gateways: {"error": "Model is overloaded", "error_type": …};
      // xAI: {"code": "Client specified an invalid argument", "error": "Incorrect API key…"}
      a.errorShape = true;
      JsonNode upstream = root.path("response").path("error");
      if (upstream.isObject()) {
        // a wrapper that names only itself around the upstream's error document ({"error": "Gemini
        // API error", "response": {"error": {"code": 429, …}}}): the upstream's is read
        readErrorObject(upstream, a);
        a.words(err.asText());
      }
      a.message(err.asText());
      a.code(root.get("code"));
      if (OAUTH_STYLE_CODE.matcher(err.asText()).matches()) {
        // OAuth and its kin: {"error": "invalid_grant", "error_description": "…"}
        a.token(err.asText());
      }
      a.words(text(root, "error_description"));
      a.words(text(root, "message"));
    } else if (root.path("header").isObject()
        && root.path("header").path("code").asInt(0) != 0
        && root.path("header").has("message")) {
      // iFlytek Spark: {"header": {"code": 11200, "message": "AppIdNoAuthError:…", "sid": …}}
      a.errorShape = true;
      readErrorObject(root.get("header"), a);
    } else if (root.path("response").path("error").isObject()) {
      // OpenAI Responses stream: {"type": "response.failed", "response": {"error": {"code": …}}}
      a.errorShape = true;
      readErrorObject(root.path("response").path("error"), a);
    } else if (root.path("success").isBoolean()
        && !root.path("success").asBoolean()
        && root.path("data").path("message").isTextual()) {
      // Portkey and kin: {"success": false, "data": {"message": "…", "errorCode": "AB03"}}
      a.errorShape = true;
      a.message(text(root.get("data"), "message"));
      a.token(text(root.get("data"), "errorCode"));
    } else if (root.path("Response").path("Error").isObject()) {
      // Tencent Cloud API 3.0: {"Response": {"Error": {"Code": "AuthFailure.…", "Message": "…"}}}
      JsonNode tencent = root.path("Response").path("Error");
      a.errorShape = true;
      a.message(text(tencent, "Message"));
      a.type(text(tencent, "Code"));
    } else if (root.path("base_resp").path("status_code").asInt(0) != 0) {
      // MiniMax: {"base_resp": {"status_code": 2049, "status_msg": "invalid api key"}}
      a.errorShape = true;
      a.message(text(root.get("base_resp"), "status_msg"));
    } else if (root.path("StatusCode").asInt(0) >= 400 && root.path("Value").isObject()) {
      // ASP.NET's ObjectResult of an error serialized whole as the body ({"ContentType": null,
      // "StatusCode": 429, "Value": {"code": "TooManyRequests", "message": "The rate limit has been
      // reached…"}}): the error is its Value, the status its StatusCode
      a.errorShape = true;
      readErrorObject(root.get("Value"), a);
      a.status(root.get("StatusCode"));
    } else if (root.size() == 1) {
      bedrockStreamException(root, a);
    }
    if (!a.errorShape) {
      errorFinish(root, a);
    }
    if (!a.errorShape) {
      wrappedErrorText(root, a);
    }
    if (!a.errorShape) {
      a.blockReason = blockReason(root);
      a.answerShape =
          root.has("choices")
              || root.has("candidates")
              || "assistant".equals(text(root, "role"))
              || "assistant".equals(text(root.path("message"), "role"));
      a.answerBlank = a.answerShape && blank(root);
    }
    String rootType = text(root, "type");
    boolean envelope = "error".equals(rootType) || "error".equals(text(root, "object"));
    boolean problem = root.has("title") && root.has("status"); // RFC 9457 problem+json (NIM)
    // Azure's minimal {"code": "content_filter", "status": 400}
    boolean codeAndStatus = text(root, "code") != null && root.path("status").isIntegralNumber();
    // Baidu-style envelopes: {"code": 336501, "msg": "…"}, {"error_code": 17, "error_msg": "…"}
    boolean coded =
        (root.has("code") || root.has("error_code"))
            && (text(root, "msg") != null || text(root, "error_msg") != null);
    if (coded) {
      a.message(text(root, "msg"));
      a.message(text(root, "error_msg"));
    }
    // a web API's camelCase envelope: {"errorCode": "LOGIN_TICKET_INVALID", "errorMsg": "未登录",
    // "httpCode": 401}
    boolean camelCoded = root.has("errorCode") && text(root, "errorMsg") != null;
    if (camelCoded) {
      a.errorShape = true;
      a.message(text(root, "errorMsg"));
      a.code(root.get("errorCode"));
      a.status(root.get("httpCode"));
    }
    boolean bare =
        (coded
                || text(root, "message") != null
                || root.has("detail")
                || text(root, "details") != null
                || text(root, "Message") != null)
            && !root.has("choices")
            && !root.has("content")
            && !root.has("candidates");
    if (envelope || problem || bare || codeAndStatus) {
      a.errorShape = true;
      a.message(text(root, "message"));
      a.message(text(root, "detail"));
      // the guardrails orchestrator's and TGI's {"code": 400, "details": "…"}
      a.message(text(root, "details"));
      a.message(text(root, "Message"));
      a.message(text(root, "title"));
      a.message(json(root, "detail"));
      a.message(json(root, "message"));
      if (!"error".equals(rootType) && !"about:blank".equals(rootType)) {
        a.type(rootType);
      }
      a.code(root.get("code"));
      a.status(root.get("status"));
      a.status(root.get("raw_status_code"));
      // Fastify's and NestJS's {"statusCode": 412, "message": "…"}
      a.status(root.get("statusCode"));
    }
    if (a.errorShape) {
      for (String field : new String[] {"type_", "__type", "error_type"}) {
        String t = text(root, field);
        if (t != null) {
          // AWS JSON: "com.amazon.coral.service#ThrottlingException"
          t = t.substring(t.lastIndexOf('#') + 1);
          a.type(t);
          a.token(t);
        }
      }
      a.words(text(root, "title"));
      a.words(text(root, "detail"));
      // WSO2's gateway: {"code": "900514", "message": "Runtime Error", "description": "Violation of
      // … detected."}; an error's class and debug text beside a generic message (Notion's
      // {"name": "ValidationError", "debugMessage": "Invalid input.", "message": "Something went
      // wrong. (400)"})
      a.words(text(root, "description"));
      a.words(text(root, "debugMessage"));
      String name = text(root, "name");
      if (name != null && (name.endsWith("Error") || name.endsWith("Exception"))) {
        a.classToken(name);
      }
    }
    // a body of one text field and nothing else (Azure ML's {"status": "Serverless endpoint not
    // found"}): that text is all it says
    if (!a.errorShape && root.size() == 1 && root.elements().next().isTextual()) {
      a.words(root.elements().next().asText());
    }
    a.requestId(text(root, "request_id"));
    a.requestId(text(root, "requestId"));
  }

  // Bedrock ConverseStream/InvokeModelWithResponseStream: an exception is a union member of the
  // stream output, {"throttlingException": {"message": "…"}}
  // (https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ConverseStreamOutput.html)
  private static void bedrockStreamException(JsonNode root, Acc a) {
    String name = root.fieldNames().next();
    JsonNode v = root.get(name);
    if (name.length() > "Exception".length()
        && name.regionMatches(true, name.length() - 9, "Exception", 0, 9)
        && v.isObject()) {
      a.errorShape = true;
      a.type(name);
      a.message(text(v, "message"));
    }
  }

  // A stream chunk or answer whose choice ended with finish_reason "error" (OpenRouter's mid-stream
  // failure: the status line already said 200, the upstream died after it), or the stream
  // assembler's terminal evidence {"finish_reason": "error"}. Any error object beside it was read
  // already; this reads the finish reason itself as the error's words, and an error object inside
  // the choice that ended so (the Cline API's mid-stream error: {"choices": [{"finish_reason":
  // "error", "error": {"code": "context_length_exceeded", "message": "…"}}]}) as the error.
  private static void errorFinish(JsonNode root, Acc a) {
    String finish = text(root, "finish_reason");
    for (JsonNode choice : root.path("choices")) {
      if (Finish.failed(text(choice, "finish_reason")) && choice.path("error").isObject()) {
        readErrorObject(choice.get("error"), a);
      }
      if (!Finish.failed(finish)) {
        finish = text(choice, "finish_reason");
      }
      String nativeFinish = text(choice, "native_finish_reason");
      if (!Finish.failed(finish) && nativeFinish != null) {
        finish = nativeFinish;
      }
    }
    if (Finish.failed(finish)) {
      a.errorShape = true;
      a.message("the answer ended with finish_reason " + finish);
      a.words("finish_reason: " + finish);
    }
  }

  // A JSON object whose error sits under a key no shape above names ({"$error": "Workflow
  // execution failure: Error code: 403 - {…}"}, "errorMessage", "err_msg"): its text is read as
  // the error's message, with the status and codes it carries.
  private static void wrappedErrorText(JsonNode root, Acc a) {
    if (root.has("choices") || root.has("candidates") || root.has("content")) {
      return;
    }
    int seen = 0;
    for (Map.Entry<String, JsonNode> field : root.properties()) {
      if (seen++ == 16) {
        return;
      }
      if (field.getValue().isTextual() && field.getKey().toLowerCase(Locale.ROOT).contains("err")) {
        a.errorShape = true;
        a.message(field.getValue().asText());
        return;
      }
    }
  }

  private static String blockReason(JsonNode root) {
    for (JsonNode choice : root.path("choices")) {
      if ("content_filter".equals(text(choice, "finish_reason"))) {
        return "content_filter";
      }
    }
    String finish = text(root, "finish_reason"); // the stream assembler's terminal evidence
    if ("content_filter".equals(finish) || "refusal".equals(finish)) {
      return finish;
    }
    if ("refusal".equals(text(root, "stop_reason"))) { // Anthropic Messages
      return "refusal";
    }
    String stop = text(root, "stopReason"); // Bedrock Converse
    if ("guardrail_intervened".equals(stop) || "content_filtered".equals(stop)) {
      return stop;
    }
    String prompt = text(root.path("promptFeedback"), "blockReason"); // Gemini
    if (prompt != null && !prompt.endsWith("_UNSPECIFIED")) {
      return prompt;
    }
    for (JsonNode candidate : root.path("candidates")) {
      String reason = text(candidate, "finishReason");
      if (reason != null && GEMINI_BLOCKED.contains(reason)) {
        return reason;
      }
    }
    return null;
  }

  private static void readErrorObject(JsonNode err, Acc a) {
    a.message(text(err, "message"));
    a.message(text(err, "msg"));
    a.message(text(err, "detail"));
    a.message(json(err, "message"));
    a.type(text(err, "type"));
    // LobeChat's {"error": {"errorType": "InvalidGithubToken"}, "provider": "github"}
    a.type(text(err, "errorType"));
    a.code(err.get("code"));
    // a relay's copy of the upstream's status ({"error": {"type": "api_error", "upstreamStatus":
    // 404, …}}): what the upstream answered
    a.status(err.get("upstreamStatus"));
    JsonNode status = err.get("status");
    if (status != null && status.isTextual()) {
      // Google: "RESOURCE_EXHAUSTED", "INVALID_ARGUMENT"…
      a.token(status.asText());
      a.type(status.asText());
    } else {
      a.status(status);
    }
    for (JsonNode d : err.path("details")) {
      String at = Text.lower(text(d, "@type"));
      if (at.endsWith("google.rpc.retryinfo")) {
        a.retryDelay = RetryAfter.protoDuration(text(d, "retryDelay"));
      } else if (at.endsWith("google.rpc.quotafailure")) {
        a.quotaFailure = true;
        for (JsonNode v : d.path("violations")) {
          // the quota's id names its period ("GenerateRequestsPerDayPerProjectPerModel-FreeTier"),
          // read as in a message that prints it
          a.words(text(v, "quotaId"));
        }
      } else {
        // ErrorInfo's reason (API_KEY_INVALID, PUBLIC_ERROR_UNSAFE_GENERATION), however its
        // @type is spelled or shortened
        a.token(text(d, "reason"));
      }
    }
    JsonNode cause = err.path("cause");
    if (cause.isObject()) {
      // Node's fetch failure inside an app's error (LobeChat: {"error": {"cause": {"code":
      // "ECONNRESET", "syscall": "read"}}}): the socket error names what failed
      a.words(text(cause, "code"));
      a.words(text(cause, "message"));
    }
    JsonNode value = err.path("value");
    if (value.isObject()) {
      // the AI SDK's TypeValidationError: the chunk that did not validate, often the provider's
      // own error ({"error_type": "validation_error", "error_message": "{\"error\": …}"})
      a.words(text(value, "error_message"));
      a.words(text(value, "message"));
    }
    JsonNode metadata = err.path("metadata");
    JsonNode raw = metadata.get("raw");
    if (raw != null && !raw.isNull()) {
      // OpenRouter: the routed provider's own error, often JSON in a string
      String rawText = raw.isTextual() ? raw.asText() : raw.toString();
      a.words(rawText);
      JsonNode inner = parseJson(Text.head(rawText, Text.MAX_READ_CHARS));
      if (inner != null && inner.isObject()) {
        JsonNode innerErr = inner.path("error");
        String innerMessage = errorMessage(inner);
        a.rawMessage = innerMessage != null ? innerMessage : text(inner, "message");
        a.token(text(innerErr, "code"));
        a.token(text(innerErr, "type"));
      } else {
        a.rawMessage = rawText;
      }
    }
    a.providerName = text(metadata, "provider_name");
    if (metadata.has("flagged_input") || metadata.path("reasons").isArray()) {
      // OpenRouter moderation (https://openrouter.ai/docs/api-reference/errors): a content block
      a.token("moderation_flagged");
    }
    a.requestId(text(err, "request_id"));
    a.requestId(text(err, "id"));
  }

  private static void readText(String payload, Acc a) {
    if (HTML.matcher(Text.head(payload, 1024)).find()) {
      Matcher title = HTML_TITLE.matcher(payload);
      String visible = TAG.matcher(payload).replaceAll(" ");
      a.message(title.find() ? title.group(1) : firstLine(visible));
      a.words(visible);
      a.sdkClues(visible); // what the page says, not its markup's class names and links
    } else {
      a.message(payload);
      a.words(unwrapLines(payload));
      a.sdkClues(payload);
    }
  }

  // A terminal's colour and cursor codes (ANSI escape sequences: ESC "[31m", ESC "[0m"), which
  // a log captured from a terminal keeps, are not the message's characters.
  private static String withoutColours(String text) {
    return text.indexOf('\u001b') < 0 ? text : ANSI_ESCAPE.matcher(text).replaceAll("");
  }

  // A client's text with its line wraps undone ("Incorrect API\n    key provided"): an indented
  // line continues the one before it. JavaScript stack frames after the message are indented too,
  // and are not its words: they go first (withoutTrailingStack), so that the message ends where it
  // did ("Error: Unexpected server response: 403\n    at …" ends with its status).
  private static String unwrapLines(String text) {
    return text.indexOf('\n') < 0
        ? text
        : WRAPPED_LINE.matcher(withoutTrailingStack(text)).replaceAll(" ");
  }

  // the first line (split at line feeds) that is not blank
  private static String firstLine(String s) {
    return Arrays.stream(s.split("\n")).filter(l -> !l.isBlank()).findFirst().orElse(null);
  }

  // Some gateways put the upstream's whole JSON error document into error.message.
  private static String unwrapped(String message) {
    if (message == null || !message.strip().startsWith("{")) {
      return message;
    }
    JsonNode inner = parseJson(message);
    String innerMessage = inner == null ? null : errorMessage(inner);
    return innerMessage != null ? innerMessage : message;
  }

  // An error document's message: its "error" string, or its error.message.
  private static String errorMessage(JsonNode doc) {
    JsonNode err = doc.path("error");
    return err.isTextual() ? err.asText() : text(err, "message");
  }

  private static String text(JsonNode node, String field) {
    JsonNode v = node == null ? null : node.get(field);
    return v != null && v.isTextual() && !v.asText().isBlank() ? v.asText() : null;
  }

  /**
   * Whether an answer document holds nothing a caller could use: each choice's message or delta,
   * each candidate's parts, Anthropic's content blocks and Ollama's message carry no text, no tool
   * or function call and no refusal. A field this does not know (audio, images) counts as content.
   */
  private static boolean blank(JsonNode answer) {
    for (JsonNode choice : answer.path("choices")) {
      if (text(choice, "text") != null
          || !blankMessage(choice.path("message"))
          || !blankMessage(choice.path("delta"))) {
        return false;
      }
    }
    for (JsonNode candidate : answer.path("candidates")) {
      for (JsonNode part : candidate.path("content").path("parts")) {
        if (!part.isObject()
            || part.size() != 1
            || text(part, "text") != null
            || !part.has("text")) {
          return false;
        }
      }
    }
    return blankMessage(answer) && blankMessage(answer.path("message"));
  }

  /** A message (or delta) with no text, content block, tool call, function call or refusal. */
  private static boolean blankMessage(JsonNode message) {
    for (String field : List.of("tool_calls", "function_call", "refusal", "audio", "images")) {
      JsonNode v = message.get(field);
      if (v != null && !v.isNull() && !(v.isContainerNode() && v.isEmpty())) {
        return false;
      }
    }
    JsonNode content = message.get("content");
    if (content == null || content.isNull()) {
      return true;
    }
    if (content.isTextual()) {
      return content.asText().isBlank();
    }
    for (JsonNode block : content) {
      if (!block.isObject()
          || text(block, "text") != null
          || !block.has("text") && block.size() > 1) {
        return false;
      }
    }
    return !content.isObject();
  }

  private static String json(JsonNode node, String field) {
    JsonNode v = node.get(field);
    return v != null && v.isContainerNode() && !v.isEmpty() ? v.toString() : null;
  }

  /** Collects fields while reading; the first value found for each wins. */
  private static final class Acc {
    // an HTTP failure status came with the body: a status a text prints is not looked for
    final boolean statusGiven;
    String message;
    String rawMessage;
    String providerName;
    String type;
    String code;
    Integer carriedStatus;
    final List<String> tokens = new ArrayList<>();
    // exception class names found in texts, appended to the tokens last
    final List<String> classTokens = new ArrayList<>();
    // the lower-cased texts the wording rules read, a line feed after each, each text once
    final StringBuilder wording = new StringBuilder();
    private final Set<String> worded = new HashSet<>();
    String requestId;
    Duration retryDelay;
    boolean quotaFailure;
    boolean errorShape;
    String blockReason;
    boolean answerShape;
    boolean answerBlank;
    private int innerTokens;
    private int identifiers;

    Acc(boolean statusGiven) {
      this.statusGiven = statusGiven;
    }

    void message(String m) {
      if (message == null && !Text.isBlank(m)) {
        message = m;
      }
    }

    void type(String t) {
      if (type == null && !Text.isBlank(t)) {
        type = t;
        token(t);
      }
    }

    void code(JsonNode c) {
      if (c == null || c.isNull()) {
        return;
      }
      if (c.isIntegralNumber() || c.isTextual()) {
        status(c); // OpenRouter/Google 429, LiteLLM "429"
      }
      String text = c.isValueNode() ? c.asText() : null;
      if (code == null && !Text.isBlank(text)) {
        code = text;
        // a number is a token unless it is an HTTP status (read as one above): Zhipu 1113,
        // FastChat 40301
        if (!c.isNumber() || c.asInt() < 100 || c.asInt() > 599) {
          token(text);
        }
      }
    }

    void status(JsonNode s) {
      if (s != null && s.isIntegralNumber() && carriedStatus == null) {
        int v = s.asInt();
        if (v >= 100 && v <= 599) {
          carriedStatus = v;
        }
      } else if (s != null && s.isTextual() && carriedStatus == null) {
        String t = s.asText().trim();
        if (isStatusText(t)) {
          carriedStatus = Integer.valueOf(t);
        }
      }
    }

    private static boolean isStatusText(String t) {
      return STATUS_TEXT.matcher(t).matches();
    }

    void token(String t) {
      if (!Text.isBlank(t) && t.length() <= Text.MAX_TOKEN_CHARS) {
        String norm = CodeSpellings.snaked(t.trim()).toLowerCase(Locale.ROOT);
        if (!tokens.contains(norm)) {
          tokens.add(norm);
        }
      }
    }

    /**
     * Adds {@code w}, lower-cased, to the wording while it holds less than 128 Ki chars, unless the
     * same lower-cased text is there already (an SDK's message is both the error's message and its
     * other text, a code may repeat the type, a token its type in lower case): every clause would
     * only read it again.
     */
    void words(String w) {
      if (Text.isBlank(w) || wording.length() >= 2 * Text.MAX_READ_CHARS) {
        return;
      }
      // read as written: plain characters, the said part, wrapped lines joined, codes as the
      // vocabulary spells them, digits ungrouped; then lower-cased: escapes read, compounds spelled
      // one way, echoed prompts emptied, quoted values read apart
      String t = plain(Text.head(w, Text.MAX_READ_CHARS));
      t = ungrouped(CodeSpellings.snaked(softJoined(said(t))));
      String lower = compoundsSpelledOneWay(unescaped(t.toLowerCase(Locale.ROOT)));
      lower = valuesApart(withoutEchoes(lower), 1);
      // Turkish İ lower-cases to "i" and a combining dot, which no word list spells
      String read = lower.indexOf('\u0307') < 0 ? lower : lower.replace("\u0307", "");
      if (worded.add(read)) {
        wording.append(read).append('\n');
      }
    }

    // The text with its numbers' digit-group commas removed ("Input length 203,743 exceeds the
    // maximum length 202,752" reads as "… 203743 … 202752"), so that every rule reading a count
    // reads it however it was printed. Never a list of statuses ("retry on 429,503"): groups that
    // are all HTTP statuses are left as they are.
    private static String ungrouped(String text) {
      if (text.indexOf(',') < 0) {
        return text;
      }
      return GROUPED_DIGITS
          .matcher(text)
          .replaceAll(n -> statusesOnly(n.group()) ? n.group() : n.group().replace(",", ""));
    }

    // The lower-cased text with the compounds the vocabulary spells one way (COMPOUND) written so:
    // "rate limit", "timeout", "cannot".
    private static String compoundsSpelledOneWay(String lower) {
      if (!lower.contains("rate-limit")
          && !lower.contains("ratelimit")
          && !lower.contains("time-out")
          && !lower.contains("can not")) {
        return lower;
      }
      return COMPOUND
          .matcher(lower)
          .replaceAll(
              m ->
                  m.group(1) != null
                      ? "time" + m.group(1)
                      : m.group(2) != null ? "cannot" : "rate limit");
    }

    private static boolean statusesOnly(String number) {
      for (String group : number.split(",")) {
        int v = Integer.parseInt(group);
        if (group.length() != 3 || v < 100 || v > 599) {
          return false;
        }
      }
      return true;
    }

    // The text with the \\uXXXX escapes a JSON body keeps when it is quoted inside another string
    // (a relay's "{\"message\":\"\\u4f59\\u989d\\u4e0d\\u8db3\"}" printed in a Python dict) read as
    // the characters they stand for: the words are those characters.
    private static String unescaped(String lower) {
      if (!lower.contains("\\u")) {
        return lower;
      }
      return ESCAPED_CHAR
          .matcher(lower)
          .replaceAll(
              m ->
                  Matcher.quoteReplacement(
                      String.valueOf((char) Integer.parseInt(m.group(1), 16))));
    }

    // The text with each envelope key of a document it quotes and the key's quoted value
    // (ENVELOPE_KEY) replaced by the value alone, unescaped, on a line of its own: the key names a
    // field, not the failure, so no clause reads the key and the value as one phrase ('{"error":
    // {"message": "Request too large"}}' is not a message too long), and the value reads as it
    // would said alone ("{'detail': 'No model found'}" says what "No model found" says), itself
    // read apart to MAX_VALUE_DEPTH. Only scanned when a quote is followed by a colon.
    private static String valuesApart(String lower, int depth) {
      List<Quoted> values = envelopeValues(lower);
      if (values.isEmpty()) {
        return lower;
      }
      StringBuilder out = new StringBuilder(lower.length());
      int done = 0;
      for (Quoted v : values) {
        out.append(lower, done, v.keyStart()).append('\n');
        // the prompt a value quotes back is the user's words, as it is in a text said alone
        String value = withoutEchoes(plain(v.value(lower)));
        out.append(depth < MAX_VALUE_DEPTH ? valuesApart(value, depth + 1) : value).append('\n');
        done = v.end();
      }
      return out.append(lower, done, lower.length()).toString();
    }

    /** One envelope key's quoted value in a text: where its key starts, its characters, its end. */
    private record Quoted(int keyStart, int from, int to, int end) {
      /** The value in {@code text}, its escapes read. */
      String value(String text) {
        return unescapedValue(text.substring(from, to));
      }
    }

    // The quoted values of the envelope keys in the text (ENVELOPE_KEY), in order; none unless a
    // quote is followed by a colon.
    private static List<Quoted> envelopeValues(String text) {
      if (text.indexOf("\":") < 0 && text.indexOf("':") < 0 && text.indexOf("\" :") < 0) {
        return List.of();
      }
      List<Quoted> values = new ArrayList<>();
      Matcher key = ENVELOPE_KEY.matcher(text);
      int from = 0;
      while (from < text.length() && key.find(from)) {
        int q = key.end();
        int escapes = 0;
        while (text.charAt(q) == '\\') { // the lookahead saw a quote after the backslashes
          escapes++;
          q++;
        }
        int close = closingQuote(text, q + 1, text.charAt(q), escapes);
        if (close < 0) {
          from = q + 1;
          continue;
        }
        values.add(new Quoted(key.start(), q + 1, close - escapes, close + 1));
        from = close + 1;
      }
      return values;
    }

    // Where the quoted value that starts at {@code from} ends: its quote, behind exactly as many
    // backslashes as the opening one had (none for a value quoted once, one for a JSON string
    // escaped in another); a quote behind more is one the value quotes. -1 when it does not end
    // within MAX_VALUE_CHARS.
    private static int closingQuote(String s, int from, char quote, int escapes) {
      int limit = Math.min(s.length(), from + MAX_VALUE_CHARS);
      for (int i = from; i < limit; i++) {
        if (s.charAt(i) != quote) {
          continue;
        }
        int run = 0;
        while (i - run - 1 >= from && s.charAt(i - run - 1) == '\\') {
          run++;
        }
        if (run == escapes) {
          return i;
        }
      }
      return -1;
    }

    // A quoted value's escapes read as what they stand for: a quote, a slash, a line feed.
    private static String unescapedValue(String v) {
      return v.indexOf('\\') < 0 ? v : VALUE_ESCAPE.matcher(v).replaceAll(m -> escaped(m.group(1)));
    }

    private static String escaped(String c) {
      return "n".equals(c) ? "\n" : "t".equals(c) ? " " : Matcher.quoteReplacement(c);
    }

    // The lower-cased text with the prompts it quotes back emptied (ECHOED_PROMPT,
    // LABELLED_PROMPT);
    // each scan only runs when its keys or labels occur.
    private static String withoutEchoes(String lower) {
      String out = lower;
      if (ECHO_KEYS.stream().anyMatch(out::contains)) {
        out = ECHOED_PROMPT.matcher(out).replaceAll("$1\"\"");
      }
      if (PROMPT_LABELS.stream().anyMatch(out::contains)) {
        out = LABELLED_PROMPT.matcher(out).replaceAll("$1\"\"");
      }
      return out;
    }

    // The words of the identifiers in the message, type, code and tokens, each on its own line. A
    // token is the lower-cased type or code when it is one of them (only its snake_case survives
    // lower-casing, and the type or code itself was read as written): it is not read twice.
    private void identifierWords() {
      StringBuilder out = new StringBuilder();
      for (String text : Arrays.asList(message, rawMessage, type, code)) {
        if (text != null) {
          // (not a log line's prefix: a source file's or a logger's name names no failure)
          identifierWords(
              CodeSpellings.snaked(Text.head(withoutLogPrefix(text), IDENTIFIER_SCAN_CHARS)), out);
        }
      }
      for (String t : tokens) {
        if (!t.equalsIgnoreCase(type) && !t.equalsIgnoreCase(code)) {
          identifierWords(t, out);
        }
      }
      words(out.toString());
    }

    private void identifierWords(String text, StringBuilder out) {
      if (identifiers >= MAX_IDENTIFIERS || text.indexOf('_') < 0 && !hasInnerCapital(text)) {
        return;
      }
      Matcher m = IDENTIFIER.matcher(text);
      while (identifiers < MAX_IDENTIFIERS && m.find()) {
        identifiers++;
        String id = m.group();
        for (int i = 0; i < id.length(); i++) {
          char c = id.charAt(i);
          if (c == '_') {
            out.append(' ');
          } else {
            char before = i > 0 ? id.charAt(i - 1) : '_';
            if (Character.isUpperCase(c) && !Character.isUpperCase(before) && before != '_') {
              out.append(' '); // a CamelCase word starts; UPPER_SNAKE letters stay together
            }
            out.append(Character.toLowerCase(c));
          }
        }
        out.append(".\n"); // one identifier a sentence: no phrase is read across two
      }
    }

    // whether an upper-case letter follows a lower-case one: a CamelCase word may be in the text
    private static boolean hasInnerCapital(String text) {
      for (int i = 1; i < text.length(); i++) {
        if (Character.isUpperCase(text.charAt(i)) && Character.isLowerCase(text.charAt(i - 1))) {
          return true;
        }
      }
      return false;
    }

    void requestId(String id) {
      if (requestId == null && !Text.isBlank(id)) {
        requestId = id;
      }
    }

    /** An exception class that names the error, read as the least specific of its tokens. */
    void classToken(String name) {
      String lower = name.toLowerCase(Locale.ROOT);
      if (classTokens.size() < MAX_CLASS_TOKENS && !classTokens.contains(lower)) {
        classTokens.add(lower);
      }
    }

    // LiteLLM and the Python SDKs wrap an upstream error as "litellm.RateLimitError: … Error code:
    // 429 - {…}": the exception class and the status are typed evidence carried in the text.
    void sdkClues(String text) {
      String head = said(plain(Text.head(text, Text.MAX_READ_CHARS)));
      // one lower-cased copy for the literal checks that spare the scans below
      String lower = head.toLowerCase(Locale.ROOT);
      if (lower.contains("litellm.") || lower.contains("openai.") || lower.contains("anthropic.")) {
        Matcher cls = SDK_CLASS.matcher(head);
        for (int found = 0; found < 4 && cls.find(); found++) {
          token(cls.group(1));
        }
      }
      if (!statusGiven) {
        if (carriedStatus == null) {
          carriedStatus = messageStatus(head, lower);
        }
        if (carriedStatus == null) {
          // a status said last, before an app's plea to try again ("… failed: 401. Please try
          // again.")
          String withoutPlea = withoutTrailingRetry(head);
          carriedStatus = withoutPlea.length() < head.length() ? messageStatus(withoutPlea) : null;
        }
        if (carriedStatus == null) {
          carriedStatus = valueStatus(head, 1, Acc::messageStatus);
        }
      }
      if (lower.contains("code = ")
          || lower.contains("statuscode.")
          || lower.contains("grpc_status=")) {
        Matcher grpc = GRPC_STATUS.matcher(head);
        if (grpc.find()) {
          grpcToken(grpc.group(1));
        }
      }
      if (head.contains("Exception") || head.contains("Error")) {
        Matcher exception = EXCEPTION_CLASS.matcher(head);
        while (classTokens.size() < MAX_CLASS_TOKENS && exception.find()) {
          int namespace = exception.start() - TLS_NAMESPACE.length();
          if (namespace < 0 || !head.startsWith(TLS_NAMESPACE, namespace)) {
            classToken(exception.group(1));
          }
        }
      }
      innerClues(head);
      if (head.contains("Some(")) {
        Matcher rust = RUST_FIELD.matcher(head);
        for (int found = 0; found < 2 && rust.find(); found++) {
          token(rust.group(1));
        }
      }
    }

    // The status the message of a document quoted in the text prints (an SDK's "{'error':
    // {'message': '429 Provider returned error'}}") or names by its reason phrase ('{"detail":
    // "Not Found"}'), read by {@code read} in each envelope value as in a message said alone, to
    // MAX_VALUE_DEPTH; or null.
    private static Integer valueStatus(String text, int depth, Function<String, Integer> read) {
      for (Quoted v : envelopeValues(text)) {
        String value = said(v.value(text));
        Integer status = read.apply(value);
        if (status == null && depth < MAX_VALUE_DEPTH) {
          status = valueStatus(value, depth + 1, read);
        }
        if (status != null) {
          return status;
        }
      }
      return null;
    }

    // The earliest status any MESSAGE_STATUS phrasing prints in the text, or null. A 4xx printed
    // after a 5xx is what the 5xx wraps ("HTTP Error 502: … Error code: 400 - {…}": a gateway's
    // failure around the upstream's refusal), so it wins; a 429 printed with a 400 is the throttle
    // the client's 400 reports.
    private static Integer messageStatus(String text, String lower) {
      Integer found = null;
      int at = Integer.MAX_VALUE;
      Integer wrapped4xx = null;
      int wrappedAt = Integer.MAX_VALUE;
      boolean throttled = false;
      for (FailureRules.Clause p : MESSAGE_STATUS) {
        Matcher m = p.matcher(text, lower);
        // every match, not only a phrasing's first: the 429 a 400 reports may be printed second
        // ("status 400, reason fetching subscription: unexpected status code 429")
        for (int seen = 0; m != null && seen < 8 && m.find(); seen++) {
          int status = Integer.parseInt(m.group(1));
          if (m.start() < at) {
            at = m.start();
            found = status;
          }
          throttled |= status == 429;
          if (status >= 400 && status <= 499 && m.start() < wrappedAt) {
            wrappedAt = m.start();
            wrapped4xx = status;
          }
        }
      }
      if (found != null && found == 400 && throttled) {
        return 429;
      }
      return found != null && found >= 500 && wrapped4xx != null ? wrapped4xx : found;
    }

    // messageStatus of a text said alone (a quoted document's value)
    private static Integer messageStatus(String text) {
      return messageStatus(text, text.toLowerCase(Locale.ROOT));
    }

    // The status of a text that is only a reason phrase, or that ends in one after a colon or a
    // dash ("Kobold request failed: Unprocessable Entity"), also as the name a client's status enum
    // gives it (.NET's HttpStatusCode: "HTTP Error - NotFound"), and inside the brackets a client
    // closes around it ("Stream error: [Error [AI_APICallError]: Not Found]").
    private static Integer reasonStatus(String phrase) {
      String text = CLOSING_BRACKETS.matcher(phrase.trim()).replaceAll("");
      // after a colon and a space, or a colon ending the line before it ("Failed parse
      // response:\nUnprocessable Entity")
      int colon = Math.max(text.lastIndexOf(": "), text.lastIndexOf(":\n"));
      int dash = text.lastIndexOf(" - ");
      String tail =
          dash > colon ? text.substring(dash + 3) : colon < 0 ? text : text.substring(colon + 2);
      if (tail.length() > 30) {
        return null;
      }
      String words = CAMEL_HUMP.matcher(tail).replaceAll("$1 $2");
      return REASON_PHRASE_STATUS.get(words.toLowerCase(Locale.ROOT));
    }

    // A gRPC status, by name ("PERMISSION_DENIED", Go's "PermissionDenied") or number, as the
    // token Google's error.status would be.
    private void grpcToken(String status) {
      String name;
      if (Character.isDigit(status.charAt(0))) {
        int n = Integer.parseInt(status);
        name = n < GRPC_NAMES.size() ? GRPC_NAMES.get(n) : null;
      } else {
        name = CAMEL_HUMP.matcher(status).replaceAll("$1_$2").toLowerCase(Locale.ROOT);
      }
      if (name != null && GRPC_NAMES.contains(name) && !"ok".equals(name)) {
        token(name);
      }
    }

    // An error wrapped inside this text (JSON, escaped JSON, a Python repr): its type/code values
    // and its numeric code, tried at each quote (or the backslash escaping it) in order.
    void innerClues(String head) {
      Matcher token = INNER_TOKEN.matcher(head);
      Matcher status = INNER_STATUS.matcher(head);
      Matcher numeric = INNER_NUMERIC_CODE.matcher(head);
      for (int q = 0; q < head.length() && innerTokens < MAX_INNER_TOKENS; q++) {
        char c = head.charAt(q);
        if (c != '"' && c != '\'') {
          continue;
        }
        int from = q > 0 && head.charAt(q - 1) == '\\' ? q - 1 : q;
        if (token.region(from, head.length()).lookingAt()) {
          String v = token.group(1);
          token(v.substring(v.lastIndexOf('#') + 1)); // AWS "…#ThrottlingException"
          innerTokens++;
        } else if (carriedStatus == null && status.region(from, head.length()).lookingAt()) {
          carriedStatus = Integer.valueOf(status.group(1));
        } else if (numeric.region(from, head.length()).lookingAt()) {
          token(numeric.group(1));
          innerTokens++;
        }
      }
    }

    UpstreamError build() {
      String msg = unwrapped(message);
      if (rawMessage != null && !rawMessage.equals(msg)) {
        msg = msg == null ? rawMessage : msg + ": " + rawMessage;
      }
      if (msg != null && providerName != null) {
        msg = msg + " (provider: " + providerName + ")";
      }
      if (message != null && errorShape) {
        sdkClues(message); // plain text was read whole by readText
      }
      if (!statusGiven
          && carriedStatus == null
          && message != null
          && type == null
          && code == null) {
        // the error's own text is only a reason phrase, bare or as a quoted document's value
        // ({"detail": "Not Found"}); the weakest evidence of a status, read last, from the error
        // alone, and only where it has no type or code (those decide)
        String head = Text.head(message, IDENTIFIER_SCAN_CHARS);
        carriedStatus = valueStatus(head, 1, Acc::reasonStatus);
        if (carriedStatus == null) {
          // what the message ends with is before the stack frames, request id or advice after it
          carriedStatus = reasonStatus(withoutTrailingRetry(said(message)));
        }
      }
      classTokens.forEach(this::token);
      words(message);
      words(rawMessage);
      words(type);
      words(code);
      tokens.forEach(this::words);
      identifierWords();
      if (message != null) {
        if (requestId == null) {
          Matcher id = MESSAGE_REQUEST_ID.matcher(Text.head(message, Text.MAX_READ_CHARS));
          if (id.find()) {
            requestId(id.group(1));
          }
        }
      }
      return new UpstreamError(
          msg,
          type,
          code,
          carriedStatus,
          List.copyOf(tokens),
          wording.toString(),
          requestId,
          retryDelay,
          quotaFailure,
          errorShape,
          blockReason,
          answerShape && !errorShape,
          answerBlank && !errorShape);
    }
  }
}
