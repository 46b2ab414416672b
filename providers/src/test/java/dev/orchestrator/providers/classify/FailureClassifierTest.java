package dev.orchestrator.providers.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.failure.ProviderFailure;
import dev.orchestrator.engine.failure.ReachedModel;
import dev.orchestrator.engine.failure.TransportFault;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/** docs/design.md §4 row by row: each table below is one group of rules, in protocol order. */
class FailureClassifierTest {

  private static final FailureClassifier CLASSIFIER = FailureClassifier.INSTANCE;

  @ParameterizedTest(name = "HTTP {0} {1} -> {2} by {5}")
  @CsvSource(
      delimiter = '|',
      nullValues = "null",
      textBlock =
          """
          # status | body                                                                  | category                | retryable | reachedModel | rule
          # 2. account state, even on 429 and 5xx
          402 | {"error":{"message":"Payment Required"}}                                   | quota_exhausted         | false | false | account.status_402
          429 | {"error":{"type":"insufficient_quota","code":"insufficient_quota"}}        | quota_exhausted         | false | false | account.error_code
          429 | {"error":{"code":429,"status":"RESOURCE_EXHAUSTED","details":[{"@type":"type.googleapis.com/google.rpc.QuotaFailure"}]}} | quota_exhausted | false | false | account.google_quota_failure
          429 | {"error":{"message":"Budget has been exceeded! Current cost: 10.2"}}       | quota_exhausted         | false | false | account.wording
          503 | {"error":{"message":"Insufficient Balance"}}                                | quota_exhausted         | false | false | account.wording
          # 2. a failure naming a cap that resets after hours, on any status (constructed; real bodies: errors/vocabulary, errors/corpus)
          429 | {"error":{"message":"You have reached your daily limit for this model"}}     | quota_exhausted         | false | false | account.cap_wording
          429 | {"error":{"message":"You are out of extra usage for this period"}}           | quota_exhausted         | false | false | account.cap_wording
          429 | {"error":{"code":"rate_limit_exceeded","message":"limit 20 per day reached"}} | quota_exhausted        | false | false | account.cap_wording
          503 | {"error":{"message":"limit 20 per day reached"}}                             | quota_exhausted         | false | false | account.cap_wording
          # 3. auth: 401, key wording even on 400/429; 403
          401 | {"error":{"message":"nope"}}                                               | auth_failed             | false | false | auth.status_401
          400 | {"type":"error","error":{"type":"authentication_error","message":"x"}}     | auth_failed             | false | false | auth.error_code
          429 | {"error":{"message":"Invalid API key"}}                                    | auth_failed             | false | false | auth.wording
          429 | {"error":{"message":"Your access token has expired"}}                       | auth_failed             | false | false | auth.wording
          400 | {"error":{"message":"User location is not supported for the API use."}}    | permission_denied       | false | false | auth.permission_wording
          500 | {"__type":"AccessDeniedException","message":"x"}                           | permission_denied       | false | false | auth.permission_code
          404 | {"error":{"code":"ModelNotOpen","message":"Your account has not activated the model doubao-seed-1-6."}} | permission_denied | false | false | auth.permission_code
          403 | {"error":{"message":"Forbidden"}}                                          | permission_denied       | false | false | auth.status_403
          451 | null                                                                       | permission_denied       | false | false | auth.status_451
          # 4. size: 413 first unless it counts tokens against the window, then context-window evidence on a definitive 4xx, then a payload in bytes
          413 | {"error":{"message":"prompt is too long"}}                                 | request_too_large       | false | false | size.status_413
          413 | {"error":{"message":"input must have less than 8192 tokens"}}              | context_length_exceeded | false | true  | size.context_window
          413 | {"error":{"type":"request_too_large","message":"Request exceeds the maximum allowed number of bytes."}} | request_too_large | false | false | size.status_413
          413 | {"error":{"message":"Request too large for model m on tokens per minute (TPM): Limit 6000, Requested 12328"}} | request_too_large | false | false | size.status_413
          400 | {"error":{"message":"total message size 2100954 exceeds limit 2097152"}}   | request_too_large       | false | false | size.payload_wording
          400 | {"error":{"message":"maximum context length is 8192 tokens"}}              | context_length_exceeded | false | true  | size.context_window
          400 | {"error":{"message":"La solicitud tiene 140.000 tokens y el modelo admite como máximo 128.000"}} | context_length_exceeded | false | true | size.context_window
          400 | {"error":{"message":"入力トークン数 (210,000) がモデルの上限 (200,000) を超えています"}} | context_length_exceeded | false | true | size.context_window
          422 | {"error":{"code":"context_length_exceeded","message":"x"}}                 | context_length_exceeded | false | true  | size.context_window
          # 5. content policy on a definitive 4xx
          400 | {"error":{"code":"content_policy_violation","message":"x"}}                | content_filtered        | false | true  | content.policy
          400 | {"error":{"message":"Output blocked by content filtering policy"}}          | content_filtered        | false | true  | content.policy
          403 | {"error":{"code":403,"message":"flagged","metadata":{"reasons":["violence"],"flagged_input":"…","provider_name":"P"}}} | content_filtered | false | true | content.policy
          500 | {"error":{"code":500,"type":"exceed_context_size_error","message":"x"}}    | context_length_exceeded | false | true  | size.context_window
          400 | {"__type":"ThrottlingException","message":"x"}                             | rate_limited            | true  | false | transient.status_429
          # 6. model gone: 404/410, or model wording whatever the status
          404 | null                                                                       | not_found               | false | false | gone.status_404_410
          410 | null                                                                       | not_found               | false | false | gone.status_404_410
          400 | {"error":{"message":"The model gpt-9 does not exist"}}                     | not_found               | false | false | gone.model_wording
          503 | {"error":{"message":"The model `gpt-9` does not exist"}}                   | not_found               | false | false | gone.model_wording
          # 7. the terminal tool stop
          409 | {"error":{"code":"tool_execution_stopped","message":"stopped"}}            | tool_execution_stopped  | false | true  | tool.execution_stopped
          # 8. a definitive 4xx (or, for an overflow, a relay's 500) whose words, as the status-less
          #    rows read them, name an overflow, a model gone or a refusal; a parameter's length or
          #    the request's safety settings stay the request's
          400 | {"error":{"message":"对话过长，请开启新对话。"}}                                  | context_length_exceeded | false | true  | size.context_words_with_status
          400 | {"error":{"message":"La entrada es demasiado larga para este modelo."}}     | context_length_exceeded | false | true  | size.context_words_with_status
          500 | {"error":{"message":"对话过长，请开启新对话。"}}                                  | context_length_exceeded | false | true  | size.context_words_with_status
          400 | {"error":{"message":"stop 시퀀스가 너무 깁니다. 각 항목은 최대 32자까지 가능합니다"}}   | request_invalid         | false | true  | request.definitive_4xx
          400 | {"error":{"message":"Das Modell minimax/minimax-m2:free ist nicht verfügbar."}} | not_found             | false | false | gone.model_words_4xx
          400 | {"error":{"message":"Model tiiuae/falcon-40b-instruct is no longer hosted on the serverless Inference API."}} | not_found | false | false | gone.model_words_4xx
          400 | {"error":{"message":"消息内容被安全系统拦截，请修改后重试"}}                        | content_filtered        | false | true  | content.words_4xx
          400 | {"error":{"message":"* GenerateContentRequest.safety_settings[4]: element predicate failed"}} | request_invalid | false | true | request.definitive_4xx
          400 | {"error":{"message":"invalid moderation request"}}                         | request_invalid         | false | true  | request.definitive_4xx
          # 8. any other definitive 4xx, whatever the body says
          400 | {"error":{"message":"Timeout while downloading the image"}}                | request_invalid         | false | true  | request.definitive_4xx
          422 | {"error":{"message":"The server is overloaded"}}                           | request_invalid         | false | true  | request.definitive_4xx
          # 9. a 429 whose words name the account's money in the status-less rows' terms; a quota
          #    named alone may be the rate limit's
          429 | {"error":{"message":"Nicht genügend Credits."}}                            | quota_exhausted         | false | false | account.words_429
          429 | {"error":{"message":"Вы превысили текущую квоту. Проверьте тарифный план и платёжные данные."}} | quota_exhausted | false | false | account.words_429
          429 | {"error":{"message":"Resource has been exhausted (e.g. check quota)."}}    | rate_limited            | true  | false | transient.status_429
          # 9. transient statuses
          429 | {"error":{"message":"Too many requests"}}                                  | rate_limited            | true  | false | transient.status_429
          429 | {"error":{"message":"No deployments available for selected model"}}        | rate_limited            | true  | false | transient.status_429
          429 | {"error":{"message":"That model is currently overloaded with other requests."}} | overloaded     | true  | false | transient.overloaded_429
          529 | null                                                                       | overloaded              | true  | false | transient.status_529
          503 | {"error":{"message":"overloaded"}}                                         | overloaded              | true  | false | transient.overloaded
          500 | {"type":"error","error":{"type":"overloaded_error","message":"x"}}         | overloaded              | true  | false | transient.overloaded_code
          504 | {"error":{"message":"upstream overloaded"}}                                | overloaded              | true  | false | transient.overloaded
          503 | {"error":{"message":"Model is busy, please try again later"}}              | overloaded              | true  | false | transient.overloaded
          503 | {"error":"All workers are busy"}                                           | overloaded              | true  | false | transient.overloaded
          # llama.cpp warming up is overloaded; a load that failed is the server's
          503 | {"error":{"code":503,"message":"Loading model","type":"unavailable_error"}}  | overloaded            | true  | false | transient.overloaded
          500 | {"error":{"message":"Error loading model"}}                                 | server_error            | true  | true  | transient.status_500
          503 | {"error":"Model is warming up"}                                            | overloaded              | true  | false | transient.overloaded
          503 | {"error":{"message":"queue is full"}}                                      | overloaded              | true  | false | transient.overloaded
          522 | null                                                                       | timeout                 | true  | false | transient.origin_connect_timeout
          408 | null                                                                       | timeout                 | true  | null  | transient.timeout
          504 | null                                                                       | timeout                 | true  | null  | transient.timeout
          524 | null                                                                       | timeout                 | true  | null  | transient.timeout
          598 | null                                                                       | timeout                 | true  | null  | transient.timeout
          599 | null                                                                       | timeout                 | true  | null  | transient.timeout
          521 | null                                                                       | server_error            | true  | false | transient.origin_unreachable
          523 | null                                                                       | server_error            | true  | false | transient.origin_unreachable
          525 | null                                                                       | server_error            | true  | false | transient.origin_unreachable
          526 | null                                                                       | server_error            | true  | false | transient.origin_unreachable
          500 | {"error":{"message":"invalid arguments"}}                                  | server_error            | true  | true  | transient.status_500
          409 | {"error":{"code":"conflict"}}                                              | server_error            | true  | null  | transient.other
          425 | null                                                                       | server_error            | true  | null  | transient.other
          502 | null                                                                       | server_error            | true  | null  | transient.other
          503 | null                                                                       | server_error            | true  | null  | transient.other
          520 | null                                                                       | server_error            | true  | null  | transient.other
          527 | null                                                                       | server_error            | true  | null  | transient.other
          501 | null                                                                       | request_invalid         | false | true  | settled.status_501_505
          505 | null                                                                       | request_invalid         | false | true  | settled.status_501_505
          # issue #29, later rounds: a status that leaves the meaning to words that name it
          403 | {"code":"The caller does not have permission","error":"Content violates usage guidelines"} | content_filtered | false | true | content.status_403
          400 | {"success":false,"result":[],"error":[{"code":2005,"message":"Failed to get response from provider"}]} | server_error | true | null | transient.upstream_failed_4xx
          500 | {"code":500,"message":"Unsupported param: tools","type":"server_error"}     | request_invalid         | false | true  | request.server_refusal_words
          500 | {"statusCode":500,"success":false,"message":"Error: buildChatflow - Request timed out."} | timeout | true | null | transient.timeout_words
          400 | {"error":{"message":"The dedicated endpoint for m is not running.","type":"invalid_request_error"}} | not_found | false | false | gone.model_wording
          503 | {"detail":"503: NVIDIA_NIM_API_KEY is not set."}                          | auth_failed             | false | false | auth.wording
          429 | {"code":429,"error":"gemini error: blocked: prompt: BlockedReasonProhibitedContent ()"} | content_filtered | false | true | content.relay_429
          500 | {"statusCode":500,"error":"Internal Server Error","message":"429 Rate limit is exceeded. Try again in 11 seconds."} | rate_limited | true | null | transient.rate_words
          429 | {"error":{"message":"当前分组上游负载已饱和，请稍后再试","type":"new_api_error"}}     | rate_limited            | true  | false | transient.status_429
          200 | {"success":false,"data":{"message":"You do not have enough permissions to execute this request","errorCode":"AB03"}} | permission_denied | false | false | auth.permission_wording
          # 11. a 2xx whose only outcome is a block reason, then an unusable 2xx
          200 | {"candidates":[{"finishReason":"SAFETY","index":0}]}                        | content_filtered        | false | true  | content.block_reason
          200 | {"finish_reason":"content_filter"}                                         | content_filtered        | false | true  | content.block_reason
          200 | {"candidates":[{"finishReason":"STOP","index":0}]}                          | empty_response          | true  | true  | empty.blank_answer
          200 | null                                                                       | empty_response          | true  | true  | empty.http_2xx
          200 | {"id":"chatcmpl-1","choices":[]}                                           | empty_response          | true  | true  | empty.blank_answer
          200 | <html>login</html>                                                         | empty_response          | true  | true  | empty.http_2xx
          # 12. otherwise
          302 | null                                                                       | unknown                 | false | null  | unknown
          """)
  void classifiesHttpAnswersByTheFirstMatchingRule(
      int status,
      String body,
      String category,
      boolean retryable,
      Boolean reachedModel,
      String rule) {
    Classification c = CLASSIFIER.explainStrict(FailureEvidence.http(status, Map.of(), body));

    assertThat(c.rule()).isEqualTo(rule);
    assertThat(c.failure().category().wireName()).isEqualTo(category);
    assertThat(c.failure().retryable()).isEqualTo(retryable);
    assertThat(c.failure().reachedModel().asBoolean()).isEqualTo(reachedModel);
    assertThat(c.failure().status()).isEqualTo(status);
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiter = '|',
      nullValues = "null",
      textBlock =
          """
          # fault               | category          | retryable | reachedModel | silent
          connect_refused       | connection_failed | true  | false | false
          connect_timeout       | connection_failed | true  | false | false
          dns                   | connection_failed | true  | false | false
          tls                   | connection_failed | true  | false | false
          reset_before_response | connection_failed | true  | false | false
          eof_before_response   | connection_failed | true  | false | false
          reset_after_request   | connection_failed | true  | null  | false
          read_timeout          | timeout           | true  | null  | true
          first_token_timeout   | timeout           | true  | true  | true
          stream_idle_timeout   | timeout           | true  | true  | true
          stream_truncated      | server_error      | true  | true  | false
          malformed_stream      | server_error      | true  | true  | false
          cancelled             | cancelled         | false | null  | false
          """)
  void classifiesTransportFaultsBeforeVisibleOutput(
      String fault, String category, boolean retryable, Boolean reachedModel, boolean silent) {
    TransportFault f = TransportFault.fromWireName(fault);
    Classification c = CLASSIFIER.explainStrict(FailureEvidence.transport(f, "boom"));

    assertThat(c.rule()).isEqualTo("transport." + fault);
    ProviderFailure failure = c.failure();
    assertThat(failure.category().wireName()).isEqualTo(category);
    assertThat(failure.retryable()).isEqualTo(retryable);
    assertThat(failure.reachedModel().asBoolean()).isEqualTo(reachedModel);
    assertThat(failure.silent()).isEqualTo(silent);
    assertThat(failure.transportFault()).isEqualTo(f);
    assertThat(failure.status()).isNull();
    assertThat(failure.message()).contains("boom");
  }

  @ParameterizedTest
  @EnumSource(TransportFault.class)
  void neverRetriesAnyFaultAfterVisibleOutput(TransportFault fault) {
    ProviderFailure f =
        CLASSIFIER.classify(FailureEvidence.transport(fault, null).withStreamStarted(true));

    assertThat(f.category()).isEqualTo(FailureCategory.STREAM_INTERRUPTED);
    assertThat(f.retryable()).isFalse();
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          # in-band event data or wrapped message                                              | category                | rule
          {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}          | overloaded              | transient.status_529
          {"type":"error","error":{"type":"rate_limit_error","message":"slow down"}}           | rate_limited            | transient.status_429
          {"type":"error","error":{"type":"api_error","message":"Internal server error"}}      | server_error            | transient.status_500
          {"error":{"type":"server_error","message":"x"}}                                      | server_error            | transient.status_500
          {"error":{"code":"insufficient_quota","message":"x"}}                                | quota_exhausted         | account.error_code
          {"type":"error","error":{"type":"authentication_error","message":"x"}}               | auth_failed             | auth.status_401
          {"type":"error","error":{"type":"invalid_request_error","message":"prompt is too long: 9 > 8"}} | context_length_exceeded | size.context_window
          {"type":"error","error":{"type":"invalid_request_error","message":"bad role"}}       | request_invalid         | request.definitive_4xx
          {"error":{"code":"tool_execution_stopped","message":"x"}}                            | tool_execution_stopped  | tool.execution_stopped
          {"error":{"message":"The server is overloaded"}}                                     | overloaded              | in_band.overloaded
          No deployments available for selected model                                         | overloaded              | in_band.overloaded
          upstream request timed out                                                          | timeout                 | in_band.timeout
          read ECONNRESET: connection reset by peer                                           | connection_failed       | in_band.connection
          Server disconnected: received no bytes                                              | connection_failed       | in_band.connection
          rate limit reached for requests                                                     | rate_limited            | in_band.rate_limited
          Internal Server Error                                                               | server_error            | in_band.server_error
          {"error":{"message":"Provider returned error","metadata":{"raw":"upstream failed","provider_name":"Chutes"}}} | server_error | in_band.server_error
          您当前使用该API的并发数过高，请降低并发                                            | rate_limited            | in_band.rate_limited
          {"throttlingException":{"message":"Too many requests"}}                             | rate_limited            | transient.status_429
          You exceeded your current quota; also the server is overloaded                      | quota_exhausted         | account.wording
          Invalid API key, and then the request timed out                                     | auth_failed             | auth.wording
          QuotaExceededError                                                                  | quota_exhausted         | account.wording
          billing_not_active                                                                  | quota_exhausted         | account.wording
          UsageLimitExceeded                                                                  | quota_exhausted         | account.cap_wording
          Request denied: quota                                                               | quota_exhausted         | in_band.account_words
          Payment could not be processed                                                      | quota_exhausted         | in_band.account_words
          total message size 2100954 exceeds limit 2097152                                    | request_too_large       | size.payload_wording
          Candidate was blocked due to SAFETY                                                 | content_filtered        | content.policy_wording
          Превышена максимальная длина контекста                                              | context_length_exceeded | size.context_wording
          内容存在风险                                                                              | content_filtered        | content.policy_wording
          Content Exists Risk                                                                 | content_filtered        | content.policy_wording
          APIキーが無効です                                                                       | auth_failed             | auth.wording
          Invalid admin key                                                                   | auth_failed             | auth.wording
          无效的Azure订阅密钥                                                                       | auth_failed             | auth.wording
          コンテンツポリシーに違反しています                                                           | content_filtered        | content.policy_wording
          Please check the API key you configured                                             | auth_failed             | in_band.auth_words
          Not logged in · Please run /login                                                   | auth_failed             | auth.wording
          Server responded with 401                                                           | auth_failed             | auth.status_401
          Completions endpoint answered 401                                                   | auth_failed             | auth.status_401
          Request to the model failed with 401                                                | auth_failed             | auth.status_401
          Request failed, 404                                                                 | not_found               | gone.status_404_410
          fetch failed - 502                                                                  | server_error            | transient.other
          level=error msg=call failed code=429                                                | rate_limited            | transient.status_429
          ERR 401 from provider                                                               | auth_failed             | auth.status_401
          Gemini API (404)                                                                    | not_found               | gone.status_404_410
          upstream 503 while streaming                                                        | server_error            | transient.other
          status: '404'                                                                       | not_found               | gone.status_404_410
          the search returned 400 messages and then stopped                                   | unknown                 | unknown
          openai.APIConnectionError: Connection error.                                        | connection_failed       | in_band.connection
          litellm.APIError: APIError: OpenAIException - Connection error.                     | connection_failed       | transient.connection_words
          MistralLeChat error: ((HTTP/2 429) Could not parse HTTP response.)                  | rate_limited            | transient.status_429
          This request would exceed the rate limit of 1,000,000 input tokens per minute. Please reduce the maximum tokens requested | rate_limited | in_band.rate_limited
          HTTP Error 502: Status Error: Error code: 400 - {"type":"error","error":{"type":"invalid_request_error","message":"tool_use ids were not found in tool_result blocks"}} | request_invalid | request.history_shape
          dev.ai4j.openai4j.OpenAiHttpException: {"detail":"Not Found"}                      | not_found               | gone.status_404_410
          Generation failed: code = StatusCode.PERMISSION_DENIED details = "Access denied"   | permission_denied       | auth.status_403
          grpc_status=7 grpc_message=User must accept ToS. [WKE=unauthorized:tos-required]   | permission_denied       | auth.status_403
          User has not agreed to Llama3.2 model terms                                        | permission_denied       | auth.permission_wording
          Error: net::ERR_CONNECTION_TIMED_OUT                                                | timeout                 | in_band.timeout
          {"success":false,"errors":[{"code":10000,"message":"Authentication error"}]}        | auth_failed             | auth.wording
          {"Response":{"Error":{"Code":"AuthFailure.SignatureFailure","Message":"x"},"RequestId":"r1"}} | auth_failed | auth.error_code
          {"code":336501,"msg":"Rate limit reached for RPM"}                                  | rate_limited            | in_band.rate_limited
          {"base_resp":{"status_code":2049,"status_msg":"invalid api key"}}                   | auth_failed             | auth.wording
          {"error":"invalid_grant","error_description":"reauth related error"}                | auth_failed             | auth.error_code
          You have exhausted your capacity on this model. Your quota will reset after 5s.     | rate_limited            | in_band.short_reset
          [AI_NoTextGeneratedError: No text generated.]                                       | empty_response          | in_band.empty
          qianfan.errors.APIError: api return error, code: 336003, msg: name cannot be blank  | request_invalid         | request.server_refusal_words
          litellm.APIError: Invalid 'tool_choice': 'required' is only allowed when 'tools' are specified | request_invalid | request.server_refusal_words
          litellm.APIError: Missing required parameter: 'tools[0].function'                 | request_invalid         | request.server_refusal_words
          litellm.APIError: server_error: top_p ignored, the worker crashed                 | server_error            | transient.status_500
          ApiError: MLX server returned an invalid response. Raw: tool_choice=auto          | server_error            | transient.status_500
          RateLimitError: The server had an error while processing your request.             | server_error            | transient.server_words
          Embedding authentication failed (400): {"type": "extra_forbidden", "msg": "Extra inputs are not permitted"} | request_invalid | request.definitive_4xx
          ERROR: ChatAPI responded with invalid json "illegal value"                          | unknown                 | unknown
          Oops, something went wrong with OpenAI. Please try again later.                     | unknown                 | unknown
          このトークンは有効期限が切れています                                                          | auth_failed             | auth.wording
          Der Service ist derzeit überlastet.                                                 | overloaded              | in_band.overloaded
          {"error":{"message":"The server had an error processing your request.","type":"invalid_request_error"}} | server_error | in_band.server_envelope
          {"type":"response.failed","response":{"status":"failed","error":{"code":"insufficient_quota","message":"x"}}} | quota_exhausted | account.error_code
          Token已失效                                                                            | auth_failed             | auth.wording
          您提供的key无效                                                                          | auth_failed             | auth.wording
          could not find a KV slot for the batch (try reducing the size of the batch or increase the context) | context_length_exceeded | size.context_wording
          Error parsing agent output                                                         | empty_response          | in_band.unreadable_words
          An empty response was received from X. Please check that the AI is running properly | empty_response         | in_band.empty
          {"error":{"code":"model_cooldown","message":"All credentials for model m are cooling down"}} | rate_limited | transient.status_429
          Model m is not for chat.                                                           | request_invalid         | in_band.request_words
          当前服务繁忙或关联资源请求已达上限，请稍后重试                                                   | overloaded              | in_band.overloaded
          aiohttp.ClientConnectorError: Cannot connect to host api.x:443 [semaphore timeout]  | connection_failed       | in_band.connect_failed
          com.openai.errors.RateLimitException: 429: {"error":{"message":"x"}}                | rate_limited            | transient.status_429
          NonTransientAiException: 401 - {"error":{"message":"x"}}                            | auth_failed             | auth.status_401
          ApiError { message: "x", type: Some("insufficient_quota"), code: None }             | quota_exhausted         | account.error_code
          AI_APICallError: {"statusCode": 404, "message": "x"}                                | not_found               | gone.status_404_410
          HttpRequestException: Response status code does not indicate success: 404 (Not Found). | not_found            | gone.status_404_410
          额度获取失败：401 Your authentication token has been invalidated.                         | auth_failed             | auth.status_401
          サーバーが処理能力の上限に達しています。                                                      | overloaded              | in_band.overloaded
          Model did not produce any output                                                   | empty_response          | in_band.empty_words
          ValueError: No generation chunks were returned                                     | empty_response          | in_band.empty_words
          The AI returned no message                                                         | empty_response          | in_band.empty_words
          模型没有返回内容                                                                           | empty_response          | in_band.empty_words
          The model you requested could not be found                                         | not_found               | in_band.model_words
          This key has been deactivated                                                      | auth_failed             | auth.wording
          This feature is not available on your current plan                                 | permission_denied       | in_band.permission_words
          Region not supported                                                               | permission_denied       | in_band.permission_words
          Region us-east-1 not supported                                                     | request_invalid         | in_band.request_words
          failed to deserialize api response: missing field `choices` at line 1 column 178   | empty_response          | in_band.unreadable_words
          [avante] Failed to decode chunk: {"type":"content_block_delta","index":0}          | empty_response          | in_band.unreadable_words
          Error: Error invoking remote method 'parse-pages': Error: Failed to get a response from the LLM: | unknown | unknown
          Generation stopped: finishReason=SPII                                              | content_filtered        | content.policy_wording
          RECITATION: The model response was stopped because it may contain copyrighted material. | content_filtered   | content.policy_wording
          Prompt shield detected a jailbreak attempt in the user prompt.                     | content_filtered        | content.policy_wording
          langchain_openai.chat_models.base.OpenAIRefusalError: I'm sorry, I cannot assist with that request. | content_filtered | content.policy_wording
          TPM超出限制                                                                            | rate_limited            | in_band.rate_words
          TPD limit exceeded                                                                 | quota_exhausted         | account.cap_wording
          请求次数已达上限，请30秒后重试                                                                | rate_limited            | in_band.short_reset
          초당 요청 수를 초과했습니다.                                                                  | rate_limited            | in_band.rate_words
          Worker local total request limit reached (33/32)                                   | rate_limited            | in_band.rate_limited
          rpc error: code = ResourceExhausted desc = grpc: received message larger than max (5242880 vs. 4194304) | request_too_large | size.payload_wording
          websocket: close 1009 (message too big)                                            | request_too_large       | size.payload_wording
          Превышен лимит токенов модели: 9000 из 8192                                         | context_length_exceeded | size.context_wording
          Ошибка API: превышен максимальный размер контекста модели                           | context_length_exceeded | size.context_wording
          System.Net.Http.HttpRequestException: The SSL connection could not be established, see inner exception. ---> System.Security.Authentication.AuthenticationException: The remote certificate is invalid | connection_failed | in_band.connection
          aiohttp.client_exceptions.ClientPayloadError: Response payload is not completed: <TransferEncodingError: 400, message='Not enough data for satisfy transfer length header.'> | connection_failed | in_band.network_words
          java.io.IOException: Server returned HTTP response code: 413 for URL: https://api.openai.com/v1/audio/transcriptions | request_too_large | size.status_413
          requests.exceptions.ProxyError: Max retries exceeded (Caused by ProxyError('Unable to connect to proxy', OSError('Tunnel connection failed: 407 Proxy Authentication Required'))) | connection_failed | connect.proxy_auth_407
          Proxy Authentication Required                                                       | connection_failed       | connect.proxy_auth_407
          litellm.APIError: cannot send an empty message                                      | request_invalid         | request.server_refusal_words
          connect EHOSTUNREACH 10.0.0.7:443                                                   | connection_failed       | in_band.connection
          System.Net.Http.HttpRequestException: An error occurred while sending the request.  | connection_failed       | in_band.connection
          curl: (18) transfer closed with outstanding read data remaining                     | connection_failed       | in_band.connection
          curl: (16) Error in the HTTP2 framing layer                                         | connection_failed       | in_band.connection
          hyper::Error(IncompleteMessage)                                                     | connection_failed       | in_band.connection
          httpcore.ReadError                                                                  | connection_failed       | in_band.connection
          AxiosError [ERR_BAD_RESPONSE]                                                       | server_error            | in_band.server_error
          Die Antwort enthielt keinen Text.                                                   | empty_response          | in_band.empty_words
          Sie haben keinen Text eingegeben.                                                   | unknown                 | unknown
          Модель не вернула ответ.                                                            | empty_response          | in_band.empty_words
          O modelo não retornou nenhuma resposta.                                             | empty_response          | in_band.empty_words
          openai.APIResponseValidationError: Data returned by API invalid for expected schema.| empty_response          | in_band.unreadable_words
          Function get_weather arguments: {"location": "Boston are not valid JSON             | empty_response          | in_band.unreadable_words
          messages[3].tool_calls[0].function.arguments: Input is not valid JSON               | request_invalid         | in_band.request_invalid
          The LLM did not conform to the edit format.                                         | empty_response          | in_band.unreadable_words
          JSON parsing error: Expecting value: line 65 column 7 (char 3624)                  | empty_response          | in_band.decoder_words
          Request body is not valid JSON: Expecting value: line 1 column 213 (char 212)      | request_invalid         | in_band.request_invalid
          Attack surface map generation failed (empty LLM response)                          | empty_response          | in_band.answer_words
          Failed to extract JSON from response                                               | empty_response          | in_band.answer_words
          Content missing in request                                                         | request_invalid         | in_band.invalid_words
          Key is blocked. Update via `/key/unblock` if you're an admin.                       | auth_failed             | in_band.signin_words
          Key doesn't exist in db. Create key via `/key/generate` call.                       | auth_failed             | in_band.signin_words
          Malformed API Key passed in. Ensure Key has `Bearer ` prefix.                       | auth_failed             | auth.wording
          litellm.BadRequestError: SagemakerException - Unable to locate credentials          | auth_failed             | auth.wording
          No healthy deployments found.                                                       | overloaded              | in_band.overloaded
          Rejected message. This is a prompt injection attack.                                | content_filtered        | in_band.content_words
          no_pii needs to be a boolean value                                                  | request_invalid         | in_band.request_words
          No image generated.                                                                 | empty_response          | in_band.empty_words
          No embeddings generated: expected 3, received 0.                                    | empty_response          | in_band.empty_words
          Model response did not contain a tool call even though tool choice was required.    | empty_response          | in_band.unreadable_words
          Too many values for a single embedding call.                                        | request_invalid         | in_band.request_invalid
          Access to the default Cloud Shell Gemini project was denied.                        | permission_denied       | in_band.permission_words
          未提供凭据                                                                               | auth_failed             | in_band.signin_words
          maxTokens (4096) is too close to contextLength (4096), which doesn't leave room for response.| context_length_exceeded | in_band.context_words
          There was an issue with the format or content of your request.                      | request_invalid         | in_band.request_words
          Request exceeds the maximum allowed number of bytes.                                | request_too_large       | in_band.size_words
          An unexpected error has occurred internal to Anthropic's systems.                   | server_error            | in_band.server_words
          Invalid token, database query error, please contact administrator                   | server_error            | in_band.server_error
          Engine loop is not running. Inspect the stacktrace to find the original error       | server_error            | in_band.server_words
          model requires 24.0 GiB but only 16.0 GiB are available (after 2.0 GiB overhead)    | server_error            | in_band.server_words
          something went wrong, please see the ollama server logs for details                 | server_error            | in_band.server_words
          decode() failed: std::bad_alloc                                                     | server_error            | in_band.server_words
          could not load tts model                                                            | server_error            | in_band.server_words
          No models are currently loaded.                                                     | not_found               | in_band.model_words
          LM Studio is not reachable at ws://127.0.0.1:1234/llm. Is LM Studio running?        | connection_failed       | in_band.network_words
          Request queue full.                                                                 | overloaded              | in_band.load_words
          model llama3.1:8b is loading on node worker-1                                       | overloaded              | in_band.load_words
          Model call failed. Our systems are experiencing heavy traffic. Please try again later. | overloaded          | in_band.load_words
          请求失败，当前排队人数较多，请稍后再试。                                                          | overloaded              | in_band.load_words
          The LM_API_TOKEN environment variable does not look like a valid LM Studio API token.| auth_failed             | in_band.signin_words
          Conversation is still above the token limit after automatic summarization           | context_length_exceeded | in_band.context_words
          No tool calls found in the response.                                                | empty_response          | in_band.empty_words
          You've hit your usage limit. Upgrade to Plus to continue using Codex, or try again later.| quota_exhausted         | account.cap_wording
          thinking.budget_tokens is not allowed when thinking.type is 'disabled'              | request_invalid         | in_band.request_words
          thinking.budget_tokens must be >= 1024 (got 512)                                    | request_invalid         | in_band.request_invalid
          Infill is not supported by this model: prefix token is missing.                     | request_invalid         | in_band.request_invalid
          apiKey cannot be null or empty                                                      | auth_failed             | in_band.auth_words
          The API key must not be null                                                        | auth_failed             | in_band.auth_words
          OpenAI chat: gpt-4o is not valid for chat completion!                               | not_found               | in_band.model_words
          Azure did not accept the deployment "gpt-4o" on Chat Completions. Check the deployment name.| not_found               | in_band.model_words
          Out of context error                                                                | context_length_exceeded | in_band.context_words
          Failed to start model llama3.1:8b                                                   | server_error            | in_band.server_words
          The model refused to fulfill the request.                                           | content_filtered        | in_band.content_words
          Could not extract final answer from the response                                    | empty_response          | in_band.empty_words
          Cannot use both tools and structured output                                         | request_invalid         | in_band.request_words
          Set the OPENROUTER_API_KEY environment variable                                     | auth_failed             | in_band.auth_words
          No refresh token available                                                          | auth_failed             | in_band.signin_words
          Unable to resolve the language model                                                | not_found               | in_band.model_words
          NetworkError when attempting to fetch resource.                                     | connection_failed       | in_band.network_words
          panic detected: runtime error: invalid memory address                               | server_error            | in_band.server_words
          No response from the model                                                          | empty_response          | in_band.empty_words
          Tool limit exceeded (130/128)                                                       | request_invalid         | in_band.request_words
          The model is out of service now                                                     | not_found               | in_band.model_words
          candidates is empty                                                                 | empty_response          | in_band.empty_words
          Du har nået din månedlige forbrugsgrænse på $50.                                    | quota_exhausted         | in_band.account_words
          Limite d'utilisation hebdomadaire atteinte. Réinitialisation dans 2hr 5min.         | quota_exhausted         | in_band.account_words
          Model is disabled                                                                   | permission_denied       | in_band.permission_words
          Your organization does not allow use of the anthropic/claude-opus-4.5 model.        | permission_denied       | in_band.permission_words
          Make sure you're authenticated with 'gemini auth'.                                  | auth_failed             | in_band.signin_words
          The alpha period for x-ai/grok-code-fast-1 has ended!                               | not_found               | in_band.model_words
          System messages are only permitted as the first passed message.                     | request_invalid         | in_band.request_words
          Cannot set both `continue_final_message` and `add_generation_prompt` to True.       | request_invalid         | in_band.request_words
          Responses websocket closed before opening                                           | connection_failed       | in_band.network_words
          PII detected: email found 2 occurrence(s)                                           | content_filtered        | in_band.content_words
          No assistant message was received.                                                  | empty_response          | in_band.empty_words
          Ningún proveedor disponible                                                         | overloaded              | in_band.load_words
          failed to apply chat template, try using --jinja                                    | server_error            | in_band.server_words
          Hastighedsgrænse overskredet                                                        | rate_limited            | in_band.rate_words
          유효하지 않은 토큰입니다. 데이터베이스 조회 오류가 발생했습니다. 관리자에게 문의하세요.        | server_error            | in_band.server_error
          Failed to list Ollama models. Make sure Ollama is running.                          | connection_failed       | in_band.network_words
          Provider Token Not Init                                                             | auth_failed             | in_band.signin_words
          Please check if your Chat app mode matches the right API route.                     | request_invalid         | in_band.request_words
          urllib.error.URLError: <urlopen error [Errno 8] nodename nor servname provided, or not known> | connection_failed | in_band.connection
          <title>llm.example.org - 521: Web server is down</title>                           | server_error            | in_band.server_error
          botocore.exceptions.SSOTokenLoadError: Error loading SSO Token: Token for my-sso-session does not exist | auth_failed | auth.wording
          ❌ You are not whitelisted to use this bot. Contact the admin.                      | permission_denied       | in_band.permission_words
          无效的模型名称：gpt-4o-minii                                                           | not_found               | in_band.gone_words
          Die Antwort des Modells war leer.                                                  | empty_response          | in_band.empty_words
          AIからの応答を解析できませんでした。                                                          | empty_response          | in_band.unreadable_words
          Cannot have 2 or more assistant messages at the end of the list.                   | request_invalid         | in_band.request_invalid
          litellm.APIError: APIError: GroqException - Received empty response from model (finish_reason=None, content=None) | empty_response | transient.empty_words
          Thread thread_abc123 already has an active run run_def456.                         | request_invalid         | in_band.request_invalid
          Background mode requires store=true.                                               | request_invalid         | in_band.request_invalid
          Invalid input image - image is larger than the 4 MB limit (got 6.8 MB).            | request_too_large       | size.payload_wording
          嵌入请求失败：输入文本长度超过模型最大长度 512 tokens                                                | context_length_exceeded | size.context_wording
          第2行：对话值超过最大长度48                                                                  | request_invalid         | in_band.request_words
          tritonclient.utils.InferenceServerException: [StatusCode.UNAVAILABLE] Exceeds maximum queue size | overloaded | transient.overloaded
          Wewnętrzny błąd serwera. Spróbuj ponownie później.                                  | server_error            | in_band.server_error
          Je tegoed is op. Waardeer je account op om verder te gaan.                         | quota_exhausted         | account.wording
          software.amazon.awssdk.core.exception.SdkClientException: Unable to load credentials from any of the providers in the chain | auth_failed | auth.wording
          Tu mensaje ha sido bloqueado por infringir las políticas de contenido.             | content_filtered        | content.policy_wording
          تم تعليق حسابك بسبب مخالفة سياسة الاستخدام.                                          | permission_denied       | in_band.permission_words
          Non hai i permessi per utilizzare questo modello.                                  | permission_denied       | auth.permission_wording
          필수 파라미터가 누락되었습니다                                                             | request_invalid         | in_band.request_words
          Please provide either messages or prompt                                           | request_invalid         | in_band.request_invalid
          [Errno -3] Temporary failure in name resolution                                    | connection_failed       | in_band.connection
          暂不支持当前地区访问                                                                         | permission_denied       | auth.permission_wording
          Generation ended with 0 tokens generated                                           | empty_response          | in_band.empty_words
          Too many images in request. Max is 10.                                             | request_invalid         | in_band.request_invalid
          Smart Connections embedding error: '$.input' is invalid. Please check the API reference | request_invalid    | in_band.request_invalid
          APIError: 访问过于频繁，请稍候再试                                                        | rate_limited            | transient.rate_words
          You exceeded your current quota. Quota exceeded for metric x, limit: 5. Please retry in 12.5s. | rate_limited | in_band.short_reset
          You exceeded your current quota. Quota exceeded for metric x, limit: 0. Please retry in 12.5s. | quota_exhausted | account.wording
          The prompt you sent exceeds what this deployment accepts                            | context_length_exceeded | in_band.context_words
          Model foo-9 is unknown to this server                                               | not_found               | in_band.model_words
          You lack the permission for this workspace                                          | permission_denied       | in_band.permission_words
          Your message was flagged by the moderation pass                                     | content_filtered        | in_band.content_words
          Przesłana treść została oznaczona przez nasz system moderacji. Rozpocznij nową rozmowę. | content_filtered | in_band.content_words
          제출된 내용이 모더레이션 시스템에 의해 차단되었습니다. 새 대화를 시작해 주세요.        | content_filtered        | in_band.content_words
          Slow down: you are throttled                                                        | rate_limited            | in_band.rate_limited
          Sending too frequently, wait                                                        | rate_limited            | in_band.rate_limited
          The backend is busy right now                                                       | overloaded              | in_band.overloaded
          Socket closed by peer                                                               | connection_failed       | in_band.network_words
          A network error occurred. Please try again later.                                   | connection_failed       | in_band.network_words
          The AI did not return any text. Please retry.                                       | empty_response          | in_band.empty_words
          Please try again later.                                                             | overloaded              | in_band.retry_later
          message.content == '' from llama3.1:8b (done_reason: stop)                          | empty_response          | in_band.empty_words
          LLama.Exceptions.LLamaDecodeError: llama_decode failed: 'NoKvSlot'                  | context_length_exceeded | in_band.context_words
          System.UriFormatException: 'Invalid URI: The Uri string is too long.'               | request_too_large       | in_band.size_words
          CleverBirdError.requestFailed(message: "Response status code was unacceptable: 429.")| rate_limited            | transient.status_429
          Maximum execution time of 30 seconds exceeded                                       | timeout                 | in_band.elapsed_words
          LLM server is not responding                                                        | connection_failed       | in_band.network_words
          parse json error: ```json                                                           | empty_response          | in_band.empty
          Model assets unavailable                                                            | not_found               | in_band.retired_words
          [jina] Bad Request Error, The read operation timed out                              | timeout                 | in_band.timeout
          Did not find google_api_key, please add an environment variable `GOOGLE_API_KEY`    | auth_failed             | auth.wording
          Crawl returning 'str' object has no attribute 'choices'                             | empty_response          | in_band.empty
          failed to deserialize api response: expected value at line 1 column 1               | empty_response          | in_band.empty_words
          This content can't be shown. We take extra caution with cybersecurity requests.     | content_filtered        | in_band.content_words
          Unsupported model kind for http completion: openai/completion                       | request_invalid         | in_band.request_invalid
          prompt step - Model failed with error: DTypeMismatchBinaryOp                        | server_error            | in_band.server_words
          Error: 451 Exception during request to https://x/ping with code 451                 | permission_denied       | auth.status_451
          Cannot generate embedding: Memory content is empty                                  | request_invalid         | in_band.request_invalid
          Received response with null value for choices.                                      | empty_response          | in_band.empty_words
          I/O error on POST request: PKIX path building failed: unable to find valid certification path| connection_failed       | in_band.connection
          failed to find a model provider for model [gpt-4o]                                  | not_found               | in_band.gone_words
          llm: Failed to parse API response JSON                                              | empty_response          | in_band.empty_words
          Request failed during generation: Server error: Batch ID 408 not found in cache.    | server_error            | in_band.server_error
          Model not supported for task text-generation. Supported task: conversational.       | request_invalid         | in_band.request_words
          TypeError: terminated                                                               | connection_failed       | in_band.network_words
          AbortError: The operation was aborted.                                              | timeout                 | in_band.elapsed_words
          no AI workers available to process request                                          | overloaded              | in_band.load_words
          Error: Queue is stopped.                                                            | server_error            | in_band.server_error
          AI_NoSuchToolError: Model tried to call unavailable tool 'x'.                       | empty_response          | in_band.empty
          The model returned an empty completion                                              | empty_response          | in_band.empty
          The assistant gave a blank answer                                                   | empty_response          | in_band.empty_words
          Upstream request failed: [403] This model is not available in your region.          | permission_denied       | auth.status_403
          Error: pull model manifest: 401                                                     | auth_failed             | auth.status_401
          Failed to connect to api.openai.com/74.86.226.234:443                               | connection_failed       | in_band.connection
          Cascade hit an internal error in this step. No credits consumed on this tool call.  | server_error            | in_band.server_error
          [Translation Failed] HTTP Error - NotFound                                          | not_found               | gone.status_404_410
          The model my_api_key does not exist or you do not have access to it.               | not_found               | gone.model_wording
          429 ERROR! API key not provided or OpenAI Server Error!                              | rate_limited            | transient.status_429
          error deserializing the API response: missing type at line 1                         | empty_response          | in_band.unreadable_words
          Error: ENOTFOUND api.example.com                                                    | connection_failed       | in_band.connection
          The provider refused messages[2] of the conversation                                | request_invalid         | in_band.request_words
          Failed to parse the tool call from the model's output                               | empty_response          | in_band.empty_words
          Received response with null value for 'choices'                                     | empty_response          | in_band.empty_words
          ggml_new_tensor_impl: not enough space in the scratch buffer                        | server_error            | in_band.server_words
          The server encountered an error while processing your request.                      | server_error            | in_band.server_error
          okhttp3.internal.http2.StreamResetException: stream was reset: PROTOCOL_ERROR       | connection_failed       | in_band.network_words
          The server is temporarily unable to service your request due to maintenance downtime or capacity problems.| overloaded              | in_band.load_words
          No tool output found for function call call_abc123.                                 | request_invalid         | in_band.request_invalid
          gemini-pro is not found for API version v1                                          | not_found               | in_band.model_words
          Model requires a paid subscription; see pricing.                                    | permission_denied       | in_band.permission_words
          This turn ran past its time budget without finishing and was stopped.               | unknown                 | unknown
          频繁出现 RemoteProtocolError: peer closed connection without sending complete message body| connection_failed       | in_band.connection
          Your organization must qualify for at least usage tier 3 to use this model.         | permission_denied       | in_band.permission_words
          No matching models found                                                            | not_found               | in_band.model_words
          Request failed. Check whether the inference server is running.                      | connection_failed       | in_band.network_words
          AI_InvalidResponseDataError: Expected 'function.name' to be a string.               | empty_response          | in_band.unreadable_words
          something nobody has seen before                                                    | unknown                 | unknown
          """)
  void classifiesInBandErrorsByTypeThenWording(String data, String category, String rule) {
    Classification c = CLASSIFIER.explainStrict(FailureEvidence.inBand(data, false));

    assertThat(c.rule()).isEqualTo(rule);
    assertThat(c.failure().category().wireName()).isEqualTo(category);
    assertThat(c.failure().status()).as("an in-band error has no status of its own").isNull();
  }

  @Test
  void preparingReadsOneFailureOfEachKindThroughTheRules() {
    // the warm-up is worth its cost only if its samples reach the rules they stand for: a sample
    // that fell through to unknown (or to the safety net) would leave those rules cold
    List<String> categories =
        FailureClassifier.SAMPLES.stream()
            .map(e -> CLASSIFIER.explainStrict(e).failure().category().wireName())
            .toList();

    assertThat(categories)
        .containsExactly(
            "context_length_exceeded", "overloaded", "server_error", "quota_exhausted", "timeout");
    // started once per process: every call answers the same task, which ends without a failure
    CompletableFuture<Void> task = FailureClassifier.prepareInBackground();
    assertThat(FailureClassifier.prepareInBackground()).isSameAs(task);
    task.join();
    assertThat(task).isDone().isNotCompletedExceptionally();
  }

  @Test
  void aBlockedAnswerAClientPrintedWithNoStatusIsContentFiltered() {
    String body = "{\"candidates\": [{\"finishReason\": \"BLOCKLIST\"}], \"modelVersion\": \"g\"}";

    Classification c =
        CLASSIFIER.explainStrict(
            new FailureEvidence(null, Map.of(), body, null, null, false, false, null));

    assertThat(c.rule()).isEqualTo("content.block_reason");
    assertThat(c.failure().category()).isEqualTo(FailureCategory.CONTENT_FILTERED);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          # an answer holding nothing, in each protocol's shape
          {"choices":[{"index":0,"message":{"role":"assistant","content":""},"finish_reason":"stop"}]}
          {"choices":[{"message":{"role":"assistant","content":null,"reasoning_content":"hm"},"finish_reason":"length"}]}
          {"candidates":[{"content":{"role":"model"},"finishReason":"STOP","index":0}],"usageMetadata":{"promptTokenCount":812}}
          {"candidates":[{"content":{"role":"model","parts":[{"text":""}]},"finishReason":"MAX_TOKENS"}]}
          {"id":"msg_01","type":"message","role":"assistant","content":[],"stop_reason":"end_turn"}
          {"id":"msg_01","type":"message","role":"assistant","content":[{"type":"text","text":" "}]}
          {"model":"llama3.1","message":{"role":"assistant","content":""},"done_reason":"load","done":true}
          """)
  void aModelsAnswerHoldingNothingIsAnEmptyAnswerHoweverItArrives(String answer) {
    FailureEvidence printed = FailureEvidence.message(answer);
    FailureEvidence body =
        new FailureEvidence(null, Map.of(), answer, null, null, false, false, null);

    for (FailureEvidence e : List.of(printed, body, FailureEvidence.emptyResponse(answer))) {
      Classification c = CLASSIFIER.explainStrict(e);
      assertThat(c.rule()).as(e.toString()).isEqualTo("empty.blank_answer");
      assertThat(c.failure().category()).isEqualTo(FailureCategory.EMPTY_RESPONSE);
      assertThat(c.failure().retryable()).isTrue();
    }
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          # a tool call, a refusal, a thinking block or a block reason is something in the answer
          {"choices":[{"message":{"role":"assistant","content":null,"tool_calls":[{"id":"c","type":"function","function":{"name":"f","arguments":"{}"}}]}}]} | empty_response
          {"choices":[{"message":{"role":"assistant","content":null,"refusal":"I cannot help with that"}}]} | empty_response
          {"type":"message","role":"assistant","content":[{"type":"thinking","thinking":"…"}]} | empty_response
          {"candidates":[{"content":{"parts":[{"functionCall":{"name":"f","args":{}}}]}}]} | empty_response
          {"choices":[{"message":{"role":"assistant","content":""},"finish_reason":"content_filter"}]} | content_filtered
          """)
  void anAnswerHoldingSomethingIsNotABlankOne(String answer, String category) {
    FailureEvidence printed = FailureEvidence.message(answer);

    assertThat(CLASSIFIER.explainStrict(printed).rule()).isNotEqualTo("empty.blank_answer");
    Classification c = CLASSIFIER.explainStrict(FailureEvidence.emptyResponse(answer));
    assertThat(c.rule()).isNotEqualTo("empty.blank_answer");
    assertThat(c.failure().category().wireName()).isEqualTo(category);
  }

  @Test
  void readsWordingInAnyCaseAsLocaleRootLowerCasingDoes() {
    // U+212A KELVIN SIGN lower-cases to an ASCII k; wording never spans two texts
    String kelvin = "{\"error\":{\"message\":\"Invalid API \u212Aey\"}}";
    String split = "{\"error\":{\"message\":\"rate\",\"type\":\"limit\"}}";

    assertThat(CLASSIFIER.explainStrict(FailureEvidence.http(400, Map.of(), kelvin)).rule())
        .isEqualTo("auth.wording");
    assertThat(CLASSIFIER.explainStrict(FailureEvidence.inBand("RATE LIMIT hit", false)).rule())
        .isEqualTo("in_band.rate_limited");
    assertThat(CLASSIFIER.explainStrict(FailureEvidence.inBand(split, false)).rule())
        .isEqualTo("unknown");
    // an identifier's words are one sentence each: "api_key" and "invalid_request_error" side by
    // side do not read as "key invalid"
    String identifiers = "{\"error\":{\"message\":\"api_key\",\"code\":\"invalid_request_error\"}}";
    assertThat(CLASSIFIER.explainStrict(FailureEvidence.inBand(identifiers, false)).rule())
        .isEqualTo("request.definitive_4xx");
  }

  @Test
  void readsTheShapesAndWordsTheSessionsBlindRoundsShowedMissing() {
    // the 429 a 400 reports, printed second by the same phrasing, is the throttle
    String reported =
        "failed with 400 Bad Request: status 400, reason fetching subscription: unexpected status"
            + " code 429";
    assertThat(CLASSIFIER.classify(FailureEvidence.inBand(reported, false)).category())
        .isEqualTo(FailureCategory.RATE_LIMITED);
    // a body of one text field is read as words, and a 2xx of one is no failure
    String oneField = "{\"status\": \"Serverless endpoint not found\"}";
    assertThat(CLASSIFIER.classify(FailureEvidence.inBand(oneField, false)).category())
        .isEqualTo(FailureCategory.NOT_FOUND);
    assertThat(
            CLASSIFIER
                .explainStrict(FailureEvidence.http(200, Map.of(), "{\"status\": \"ok\"}"))
                .rule())
        .isEqualTo("empty.http_2xx");
    // ASP.NET's ObjectResult serialized whole: its Value is the error, its StatusCode the status
    String objectResult =
        "{\"ContentType\":null,\"StatusCode\":429,\"Value\":{\"code\":\"TooManyRequests\","
            + "\"message\":\"The rate limit has been reached.\"}}";
    assertThat(CLASSIFIER.explainStrict(FailureEvidence.inBand(objectResult, false)).rule())
        .isEqualTo("transient.status_429");
    // Fastify's statusCode is the status: a 412 is settled
    String fastify = "{\"statusCode\": 412, \"message\": \"Error: ip not provided!\"}";
    assertThat(CLASSIFIER.explainStrict(FailureEvidence.inBand(fastify, false)).rule())
        .isEqualTo("request.definitive_4xx");
    // snake_case in mixed case is split into words
    assertThat(
            CLASSIFIER
                .classify(FailureEvidence.inBand("chat:LLM_model_response_empty", false))
                .category())
        .isEqualTo(FailureCategory.EMPTY_RESPONSE);
    // "balance" inside a load balancer's name is not the account's money
    assertThat(
            CLASSIFIER
                .classify(
                    FailureEvidence.inBand("failure to get a peer from the ring-balancer", false))
                .category())
        .isNotEqualTo(FailureCategory.QUOTA_EXHAUSTED);
    assertThat(
            CLASSIFIER
                .classify(FailureEvidence.inBand("insufficient balance, please top up", false))
                .category())
        .isEqualTo(FailureCategory.QUOTA_EXHAUSTED);
  }

  @Test
  void readsAnErrorEventInSseFraming() {
    String event =
        "event: error\n"
            + "data: {\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"}}\n\n";

    ProviderFailure f = CLASSIFIER.classify(FailureEvidence.inBand(event, false));

    assertThat(f.category()).isEqualTo(FailureCategory.OVERLOADED);
    assertThat(f.errorType()).isEqualTo("overloaded_error");
    assertThat(f.message()).isEqualTo("Overloaded");
  }

  @Test
  void anInBandErrorAfterVisibleOutputIsAStreamInterruption() {
    ProviderFailure f =
        CLASSIFIER.classify(
            FailureEvidence.inBand("{\"error\":{\"type\":\"overloaded_error\"}}", true));

    assertThat(f.category()).isEqualTo(FailureCategory.STREAM_INTERRUPTED);
    assertThat(f.retryable()).isFalse();
    assertThat(f.reachedModel()).isEqualTo(ReachedModel.YES);
  }

  @Test
  void neverReadsCategoriesFromTheMessageOfATypedTransportFault() {
    ProviderFailure f =
        CLASSIFIER.classify(
            FailureEvidence.transport(TransportFault.CONNECT_REFUSED, "insufficient_quota"));

    assertThat(f.category()).isEqualTo(FailureCategory.CONNECTION_FAILED);
  }

  @Test
  void anHttpStatusOutranksATransportFault() {
    FailureEvidence e =
        new FailureEvidence(
            503, Map.of(), null, TransportFault.READ_TIMEOUT, null, false, false, null);

    assertThat(CLASSIFIER.classify(e).category()).isEqualTo(FailureCategory.SERVER_ERROR);
  }

  @Test
  void aTransportFaultDuringA200IsTheFault() {
    FailureEvidence e =
        new FailureEvidence(
            200, Map.of(), null, TransportFault.STREAM_TRUNCATED, null, false, false, null);

    assertThat(CLASSIFIER.classify(e).category()).isEqualTo(FailureCategory.SERVER_ERROR);
    assertThat(CLASSIFIER.classify(e).transportFault()).isEqualTo(TransportFault.STREAM_TRUNCATED);
  }

  @Test
  void emptyResponseFactoryIsAnHttp200() {
    ProviderFailure f =
        CLASSIFIER.classify(
            FailureEvidence.emptyResponse(Map.of("x-request-id", "req_1"), "{\"choices\":[]}"));

    assertThat(f.category()).isEqualTo(FailureCategory.EMPTY_RESPONSE);
    assertThat(f.retryable()).isTrue();
    assertThat(f.status()).isEqualTo(200);
    assertThat(f.requestId()).isEqualTo("req_1");
    assertThat(f.message()).isEqualTo("HTTP 200 without usable assistant output");
  }

  @Test
  void readsOnlyTheFirst64KibOfABody() {
    String body = "x".repeat(70 * 1024) + " insufficient_quota";

    ProviderFailure f = CLASSIFIER.classify(FailureEvidence.http(429, Map.of(), body));

    assertThat(f.category()).isEqualTo(FailureCategory.RATE_LIMITED);
  }

  @Test
  void keepsAtMost2KibOfBodyWithoutControlCharacters() {
    String body = "\u001b[31mred\u0000" + "é".repeat(5000);

    ProviderFailure f = CLASSIFIER.classify(FailureEvidence.http(500, Map.of(), body));

    assertThat(f.body().getBytes(StandardCharsets.UTF_8).length).isLessThanOrEqualTo(2048);
    assertThat(f.body()).startsWith("red").doesNotContain("\u001b", "\u0000");
  }

  @Test
  void theMessageIsOneBoundedLine() {
    String body = "{\"error\":{\"message\":\"line one\\nline two\\r\\n" + "y".repeat(2000) + "\"}}";

    ProviderFailure f = CLASSIFIER.classify(FailureEvidence.http(400, Map.of(), body));

    assertThat(f.message()).startsWith("line one line two").doesNotContain("\n", "\r");
    assertThat(f.message().length()).isLessThanOrEqualTo(500);
  }

  @Test
  void readsAClientsMessageOnceSoNoClauseSpansTwoCopiesOfIt() {
    // read twice, "…property key" and the copy's "Invalid…" made "key\ninvalid", a key named
    // invalid
    FailureEvidence e =
        FailureEvidence.message("Invalid tool arguments: expected a string for property key");

    assertThat(CLASSIFIER.classify(e).category()).isEqualTo(FailureCategory.REQUEST_INVALID);
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          # a message or a body quoted whole reads as said bare: the phrase said alone, the status           at its end
          '"No model found"'                                       | not_found
          '"Error: Unexpected server response: 403"'               | permission_denied
          '"Model is disabled"'                                    | permission_denied
          # …as is one behind a generic label, one with a relay's request id after it, and the           status a document's message prints
          'Error: 401 invalid or missing credential'                 | auth_failed
          'No model found (request id: 20241204142251938)'            | not_found
          '2024-05-01T12:00:00.123Z ERROR [chat.client] No model found' | not_found
          '[ERROR] 401 invalid or missing credential'                 | auth_failed
          # …and one with a JavaScript stack printed after it
          'Unexpected server response: 403\\n    at ClientRequest.<anonymous> (/app/node_modules/ws/lib/websocket.js:913:7)\\n    at processTicksAndRejections (node:internal/process/task_queues:95:5)' | permission_denied
          # …but a sentence that starts with the word Error is read whole
          'Error interno del servidor.'                               | server_error
          "{'error': {'message': '429 Provider returned error'}}"     | rate_limited
          # a failure's prefix is not the subject of what follows it
          'Request failed: Rate limit exceeded: max 10 requests per 60 seconds per user.'           | rate_limited
          'request error: The image exceeds the maximum allowed dimensions'                         | request_invalid
          # …which still reads the subject of its own statement
          'Request too large: 150000 tokens exceeds the limit of 128000'            | context_length_exceeded
          # a generic failure's label or a generic exception's class is not part of the message,
          # and a status a failure's label puts first, or that ends the text, is the status
          'API request failed: No model found'                                      | not_found
          'java.util.concurrent.CompletionException: No model found'                | not_found
          'Sync failed: 429 Provider returned error'                                | rate_limited
          'Failed to fetch models: 401.'                                            | auth_failed
          # …nor is a Python traceback before it
          'Traceback (most recent call last):\\n  File "/app/main.py", line 42, in run\\n    resp = client.chat(messages)\\n429 Provider returned error' | rate_limited
          # …nor are the fences of a message quoted whole as Markdown code, which a parser's
          # failure on a model's fenced data is not
          '```\\n429 Provider returned error\\n```'                                 | rate_limited
          '```text\\nNo model found\\n```'                                           | not_found
          'parse json error: ```json'                                               | empty_response
          # …and its spaces, quotes and entities as a web page or a terminal wrote them
          'No  model  found'                                                        | not_found
          'Model &#39;gpt-5&#39; doesn&#39;t exist'                                  | not_found
          "You don’t have access to the model with the specified model ID."         | permission_denied
          # …and a sentence a terminal or a formatter wrapped across lines, which a new sentence is not
          'You have reached the request limit: maximum 60 requests in 1\\nminutes'  | rate_limited
          "The API is rejecting calls because you're over the per-minute\\nallowance. Please wait and retry." | rate_limited
          'No model found\\nPlease check the name'                                 | not_found
          # …nor is the model and provider a client names after it
          'No model found (model: gpt-4o, provider: openai)'                        | not_found
          # …but a model named in the words is
          'Model gpt-4o is not available (model gpt-4o is not found)'               | not_found
          # a reason phrase ending a quoted document's message, and the prompt it quotes back
          '{"error": {"message": "Connector: HTTP Error: Not Found"}}'              | not_found
          'call failed: {"detail":"Request timed out after 600s. Prompt: \\"tell me about rate limits\\""}' | timeout
          # a negation contracted or written out, and a British spelling, are the same words
          'That link can''t be used as a source. Check the URL and try again.'       | request_invalid
          'The custom headers you entered aren’t valid JSON.'                        | request_invalid
          'The model "llama3.1:8b" wasn''t found. To download it, run `ollama pull llama3.1:8b`.' | not_found
          'Models for OpenAI couldn''t be loaded. Please refresh the page and try again.'       | server_error
          'OpenAI: Unauthorised'                                                      | auth_failed
          'This organisation has been disabled.'                                      | permission_denied
          # …and Apple's decoder on an answer is not an app's words about an outage page
          'The data couldn’t be read because it isn’t in the correct format.'         | empty_response
          '(''Response is not in the correct format'', "Service unavailable: Our services aren''t available right now")' | overloaded
          # …nor is an app's interjection before it
          'Oops! 429 Provider returned error'                                         | rate_limited
          'Whoops! No model found'                                                    | not_found
          # …and an exclamation that ends it is a full stop
          'No model found!'                                                           | not_found
          'Failed to fetch models: 401!!'                                             | auth_failed
          'DeepSeek chat: No results!'                                                | empty_response
          # …nor is an app's advice for when the failure repeats
          'No model found. If the problem persists, contact support.'                | not_found
          'Failed to fetch models: 401. If this keeps happening, sign in again.'      | auth_failed
          # a subject is not read across a task's label ("…commit message: Request too large")
          'Failed to generate commit message: Request too large'                      | request_too_large
          # …nor is a pasted log line's prefix, in the formats loggers write (an upper-case level
          # with a colon is a level, not "ERR" and a word "OR")
          'ERROR: No model found'                                                     | not_found
          'WARNING: No model found'                                                   | not_found
          'ERROR:root:No model found'                                                 | not_found
          '2024-06-01 01:59:42,123 - app.llm - ERROR - No model found'               | not_found
          'E0601 01:59:42.123456 12345 client.cc:88] No model found'                 | not_found
          'ERROR [2025-10-04 20:54:43.646 +0300] (Mastra): No model found'           | not_found
          # …nor are a person's words before what they pasted
          'I got this error: No model found'                                          | not_found
          'Getting the following error when I run the agent: No model found'         | not_found
          # a typographic quote inside a document's string does not end the string, and a
          # contraction escaped in a Python value is read written out
          'Error: {"error": {"message": "Das Modell „gpt-4o“ ist für Azure OpenAI nicht verfügbar."}}' | not_found
          "{'error': {'message': 'Couldn\\'t find model \"starcoder2:3b\" in your Ollama library.'}}" | not_found
          # …nor is the task's "failed" the failure's: a wait asked for is the load it was
          'Failed to generate commit message: 服务忙,请稍后再试'                          | overloaded
          '服务忙,请稍后再试'                                                             | overloaded
          'Agent run failed: 服务忙,请稍后再试'                                                | overloaded
          'Request to OpenAI failed: All providers for meta-llama/llama-3.1-405b-instruct are saturated at the moment; try again shortly.' | overloaded
          # …while a failure said after the label is still the server's
          'Failed to generate commit message: Model request failed. Please try again later.' | server_error
          # the task named for the answer it was getting is a label too: "response" in it does
          # not make the cause after it the answer's ("Failed to get response: Invalid …")
          'Failed to get response: Invalid document at index 10'                      | request_invalid
          'Error generating reply from Ollama: Missing placeholder value for ''chat_history''' | request_invalid
          'Failed to get response: empty response'                                    | empty_response
          'Failed to get response'                                                    | unknown
          # …and so is a relay's label for what its upstream said
          'upstream error: Request exceeds the maximum allowed number of bytes (32 MB limit).' | request_too_large
          'Provider returned error: Conversation must end with a user message for this model' | request_invalid
          'upstream error: the upstream channel returned an internal error'           | server_error
          'Provider returned error'                                                   | server_error
          # …and so are an app's words that something failed, before what did
          'Something went wrong: The Mistral API failed upstream while handling the call. Try again in a few moments.' | server_error
          'Unexpected error: All providers for meta-llama/llama-3.1-405b-instruct are saturated at the moment; try again shortly.' | overloaded
          'An error occurred: Cannot POST /v1/chat/completions'                       | not_found
          'Something went wrong'                                                      | unknown
          'An unexpected error occurred'                                              | unknown
          # a status said as the message's last words is read before the stack frames, the
          # request id or a library's troubleshooting link after it
          'Error: Connector: HTTP Error: Not Found\n    at processTicksAndRejections (node:internal/process/task_queues:95:5)' | not_found
          'Connector: HTTP Error: Not Found (request id: 20240218231733406291669)'    | not_found
          'Failed parse response: Unprocessable Entity\nFor troubleshooting, visit: https://python.langchain.com/docs/troubleshooting/errors/' | request_invalid
          'Error: pull model manifest: 401 Troubleshooting URL: https://js.langchain.com/docs/troubleshooting/errors/' | auth_failed
          'Error: Unexpected server response: 403. Please try again.'                | permission_denied
          'Connector: HTTP Error: Not Found. Please try again later.'                 | not_found
          # a terminal's colour codes are not the message's characters
          '\u001b[31mError:\u001b[0m 429 Provider returned error'                   | rate_limited
          '\u001b[1m\u001b[31mERROR\u001b[39m\u001b[22m No model found'          | not_found
          # …and "error message:" in Chinese and Japanese
          '错误信息：429 [object Object]'                                                | rate_limited
          'エラーメッセージ: No model found'                                               | not_found
          """)
  void readsAQuotedMessageAndAPrefixedOneAsTheMessage(String csvMessage, String category) {
    String message = csvMessage.replace("\\n", "\n");
    FailureEvidence e = FailureEvidence.message(message);
    assertThat(CLASSIFIER.classify(e).category().wireName()).isEqualTo(category);
    FailureEvidence asBody =
        new FailureEvidence(null, Map.of(), message, null, null, false, false, null);
    assertThat(CLASSIFIER.classify(asBody).category().wireName())
        .as("as a body")
        .isEqualTo(category);
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          # a request parameter is read by the grammar around it, whatever it is called
          '`frobnicate_level` may only be set to 1 when thinking is enabled.'        | request_invalid
          'Either "alpha_size" or "beta_size" can be specified, but not both'       | request_invalid
          'Le champ ''widget_mode'' est vide : au moins une valeur est requise.'     | request_invalid
          'widget_count value is greater than max_widgets. Please select a smaller one.' | request_invalid
          'ACME_API_KEY must be set'                                               | auth_failed
          # …never a dictionary's or an array's key (a client reading the answer), nor the key
          'In '''', no value was found for dictionary key ''choices''.'                | unknown
          'Message: Undefined array key "type"'                                    | unknown
          '''api_key'' must not be empty'                                            | auth_failed
          # a provider's key, whatever the provider is called; never a key of data
          'Unable to verify your Groq key. Please check it in Settings > Models.'  | auth_failed
          'The DeepSeek key you entered was rejected.'                             | auth_failed
          'The cache key is too long'                                              | unknown
          'Failed to store the response: the primary key is duplicated'            | unknown
          # an answer that failed the client's types is the answer's fault
          'AI_TypeValidationError: Type validation failed: Value: {}. Error message: Required field ''summary'' missing' | empty_response
          'Cannot parse ''soon'' into java.time.Instant'                             | empty_response
          'no valid candidates were found in the generate response'                | empty_response
          # a count reads the same with its digits grouped by commas, as many providers print it
          'Input length 203,743 exceeds the maximum length 202,752'                      | context_length_exceeded
          'length of text at index 0 is 9,000 tokens which exceeds limit of 8,192'         | context_length_exceeded
          'Input validation error: inputs must have less than 1,024 tokens. Given: 2,048' | context_length_exceeded
          'MCP request exceeded 20,000 ms.'                                               | timeout
          # a line a terminal or a formatter wrapped at its width reads as one with the next
          'Failed to answer. Reason: openai.error.InvalidRequestError: The requested model\\nDoes Not Exist' | not_found
          # …but a sentence that ended is not joined to the next, nor a traceback's frames to the
          # exception after them
          'Traceback (most recent call last):\\n  File "/app/main.py", line 42, in run\\n    resp = client.chat(messages)\\nThe image exceeds the maximum allowed dimensions' | request_invalid
          'Your chosen OpenAI model, "gpt-4o", is a chat model and not a text-in/text-out LLM.\\nPassing it into the "OpenAI" class is no longer supported.' | request_invalid
          # a code reads the same however a client cased it
          'Stream ended: finishReason=contentFilter'                                       | content_filtered
          'LLM call failed: contextLengthExceeded (prompt 131904 tokens, limit 128000)'    | context_length_exceeded
          'codex: modelNotFound: ''gpt-5-codex-preview'' is not available on this provider' | not_found
          # a compound reads the same written open, hyphenated or closed up, and a quote or a
          # spelling however it was typed
          'Number of request tokens has exceeded your daily rate-limit'                    | quota_exhausted
          'Rate-Limit erreicht'                                                            | rate_limited
          'Connect Time-out Error (attempted address: api.openai.com:443, time-out: 10000ms)' | connection_failed
          'Model «gpt-4-0613» is not available'                                             | not_found
          'Model "gpt-4o" is not available in region "westus".'                            | permission_denied
          'error deserialising Anthropic API response'                                     | empty_response
          # a window of a minute named hyphenated is a rate limit, not the request's fault
          'Number of request tokens has exceeded your per-minute rate limit; see the response headers for current usage. Please reduce the prompt length or the maximum tokens requested, or try again later.' | rate_limited
          # a meaning reads the same with the provider or the API named inside it, in each language
          'Authentifizierung beim Anbieter fehlgeschlagen.'                                | auth_failed
          'Falló la autenticación de la API de Cerebras.'                                  | auth_failed
          'Błąd uwierzytelniania.'                                                         | auth_failed
          'Không thể xác thực với nhà cung cấp.'                                           | auth_failed
          'Xin lỗi, bạn cần xác thực proxy trước khi tiếp tục yêu cầu này'                 | connection_failed
          'Sorry, you are not currently logged in.'                                        | auth_failed
          'Kullanım sınırına ulaşıldı.'                                                    | quota_exhausted
          'Вы достигли лимита использования.'                                              | quota_exhausted
          'Вы достигли лимита запросов: максимум 60 запросов за 1 минут'                   | rate_limited
          'Você atingiu o limite de requisições: máximo de 60 requisições em 1 minutos'    | rate_limited
          'Plată necesară.'                                                                | quota_exhausted
          'Das Modell minimax/minimax-m2:free ist nicht verfügbar.'                        | not_found
          'minimax/minimax-m2:free modeli kullanılamıyor.'                                 | not_found
          'Zugriff auf den Amazon Bedrock-Dienst verweigert.'                              | permission_denied
          'Truy cập API Cerebras bị từ chối.'                                              | permission_denied
          'Permission "aiplatform.endpoints.predict" denied on resource projects/p'       | permission_denied
          '액세스 거부: 유효하지 않은 API 키입니다.'                                              | auth_failed
          'No streaming chunk received for 60.0s (chunks_received=0).'                     | timeout
          # more items in one request or batch than the API takes, and two settings combined
          'Number of prompts exceeds the maximum allowed batch size of 4'                  | request_invalid
          'Jumlah dokumen melebihi batas maksimum 50 per permintaan.'                      | request_invalid
          'Connector config invalid: embedding.batch.size=1024 exceeds the provider maximum of 512 inputs per call' | request_invalid
          '`task_budget.remaining` cannot be combined with `Compaction`: the server tracks the budget itself.' | request_invalid
          # the answer named wrong in validation's grammar is the answer's, not the request's
          'Rerank API response must be a JSON object'                                      | empty_response
          'Your previous response did not match the expected object format.'             | empty_response
          'Invalid response format from Recraft API'                                       | empty_response
          '[AI_FUNCTION_INVALID_RESPONSE_FORMAT_TYPE] AI function requires a valid "responseFormat" argument, but got: "{type: json}".' | request_invalid
          # a subject named in one sentence is not read with a verb in the next
          'Prompt sent. Request body exceeded the maximum size of 100 MiB'                 | request_too_large
          'Account: team-a. Prompt was blocked: PROHIBITED_CONTENT.'                       | content_filtered
          'We could not complete your request. Too many requests. Your project has exceeded its concurrency limit of 100 requests; please try again later.' | rate_limited
          # a generic API error class says a call failed; a settled cause in its words decides, the
          # server's own failure or a transient one leaves it the 500 it stands for
          'litellm.APIError: Invalid ''messages[3].content'': empty array. Expected an array with minimum length 1' | request_invalid
          'litellm.APIError: Внутренняя ошибка сервера, повторите попытку позже.'          | server_error
          'litellm.APIError: AzureException APIError - An unexpected error occurred upstream while handling the request.' | server_error
          'openai.InternalServerError: Invalid ''messages[3].content'': empty array.'       | server_error
          # "can not" reads as "cannot"
          'can not truncate prompt with n_keep (4270) >= n_ctx (4096)'                     | context_length_exceeded
          'Input can not be empty or whitespace only'                                      | request_invalid
          """)
  void readsWhatTheWordsStandForNotHowTheyAreNamedOrPrinted(String csvMessage, String category) {
    String message = csvMessage.replace("\\n", "\n");
    FailureEvidence e = FailureEvidence.message(message);
    assertThat(CLASSIFIER.classify(e).category().wireName()).as(message).isEqualTo(category);
  }

  @Test
  void describesABareStatusWhenThereIsNoBody() {
    assertThat(CLASSIFIER.classify(FailureEvidence.http(502, Map.of(), "")).message())
        .isEqualTo("HTTP 502 with an empty body");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      nullValues = "null",
      textBlock =
          """
          # case                          | headers (name=value;…)                       | body                                                    | requestId
          x-request-id first              | x-request-id=req_a;request-id=req_b;cf-ray=r1 | {"request_id":"req_c"}                                  | req_a
          Anthropic request-id header     | request-id=req_b;cf-ray=r1                    | {"request_id":"req_c"}                                  | req_b
          Bedrock x-amzn-RequestId        | X-Amzn-RequestId=aws-1                        | null                                                    | aws-1
          body request_id over cf-ray     | cf-ray=r1                                     | {"type":"error","error":{"type":"api_error"},"request_id":"req_c"} | req_c
          error id in the body            | null                                          | {"error":{"id":"err_9","message":"x"}}                  | err_9
          OpenAI request ID in message    | null                                          | {"error":{"message":"Please include the request ID req_540c6eaab7f4 in your email."}} | req_540c6eaab7f4
          cf-ray as a last resort         | cf-ray=8e695a03eed4f9fd-SJC                   | null                                                    | 8e695a03eed4f9fd-SJC
          none at all                     | null                                          | {"error":{"message":"x"}}                               | null
          """)
  void takesTheRequestIdFromHeadersThenBody(
      String name, String headers, String body, String requestId) {
    ProviderFailure f = CLASSIFIER.classify(FailureEvidence.http(500, headers(headers), body));

    assertThat(f.requestId()).isEqualTo(requestId);
  }

  @Test
  void keepsTheProvidersErrorTypeAndCode() {
    ProviderFailure f =
        CLASSIFIER.classify(
            FailureEvidence.http(
                429,
                Map.of(),
                "{\"error\":{\"type\":\"insufficient_quota\",\"code\":\"insufficient_quota\","
                    + "\"message\":\"You exceeded your current quota\"}}"));

    assertThat(f.errorType()).isEqualTo("insufficient_quota");
    assertThat(f.errorCode()).isEqualTo("insufficient_quota");
    assertThat(f.message()).isEqualTo("You exceeded your current quota");
  }

  /** What a client's or app's message carries besides its words (issue #29). */
  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          # a client's 400 printed with the 429 it got (Semantic Kernel)
          Error: 400: => Throttling: Too many requests, HTTP status: 429 | transient.status_429
          # a message ending in a reason phrase after a colon
          Failed to generate response: Kobold request failed: Unprocessable Entity | request.definitive_4xx
          # a status in parentheses after the word error
          发生未知错误 (401)。 | auth.status_401
          # FastChat's numeric code inside the message that wraps its body
          APIError: Invalid response object from API: '{"object":"error","message":"Only chatglm-api allowed now, your model chatglm2-6b","code":40301}' (HTTP response code was 400). | gone.model_wording
          # Node's fetch failure as an app's error cause (LobeChat)
          {"endpoint": "https://api.openai.com/v1", "error": {"cause": {"errno": -54, "code": "ECONNRESET", "syscall": "read"}}} | in_band.connection
          # a Turkish dotted capital I lower-cases to i and a combining dot
          İzin reddedildi. | in_band.permission_words
          # aiohttp's ClientResponseError prints the status before ", message="
          Request 17 failed with Exception 502, message='Bad Gateway', url='https://api.example.com/v1' | transient.other
          # a status after 状态码 and a full-width colon
          API请求失败，状态码：402 | account.status_402
          # a 5xx no registry defines (ModelScope's 555) leaves the meaning to the words
          output content security inspection failed. - {"code":555,"message":"output content security inspection failed."} | content.policy_wording
          # the plainest grammar of validation, read last
          Invalid message. Please, try again. | in_band.invalid_words
          # a model named not supported, quoted or not, or named unsupported or unrecognised: a
          # route that does not serve it, which another may
          Model gpt-9 is not supported. Please choose from ['gpt-4o', 'gpt-4o-mini'] | gone.model_wording
          The specified model is not supported | gone.model_wording
          unsupported Anthropic model name claude-2 | gone.model_wording
          model 'vertex-model-garden/claude-2' is not a recognized model name | gone.model_wording
          # …but not a provider for a model, a model's protocol, nor a task the model does not serve
          Provider stability for model stability.stable-diffusion-xl-v1 is not supported | in_band.request_invalid
          unsupported chat model protocol : ollama | in_band.request_invalid
          Model not supported for task text-generation. Supported task: conversational. | in_band.request_words
          # a name read the same written without its quotes: a permission, a model, a field of
          # the answer, a key, a field, a role or a parameter of the request
          Permission aiplatform.endpoints.predict denied on resource '//aiplatform.googleapis.com/projects/p/locations/us-central1/publishers/google/models/gemini-1.5-pro' (or it may not exist). | auth.permission_wording
          Model gpt-4o is not available on CometAPI. Please check available models. | in_band.retired_words
          Missing data in response | in_band.empty_words
          Unbekannter Schlüssel temprature im Request-Body | in_band.request_invalid
          Zorunlu messages alanı eksik | in_band.request_words
          Le champ messages est vide | in_band.request_words
          Die Rolle system ist nur als erste Nachricht erlaubt, gefunden an Index 4 | in_band.request_words
          Se superó el número máximo de secuencias en stop (máximo 4) | in_band.request_words
          パラメータ n の値が大きすぎます（最大 8） | in_band.request_invalid
          unknown variant developer, expected one of system, user, assistant, tool at line 4 column 24 | in_band.invalid_words
          # a sign-in asked for, with or without the comma before the clause
          Musisz się zalogować aby użyć modelu anthropic/claude-sonnet-4.5 | in_band.signin_words
          Du musst dich anmelden um das anthropic/claude-sonnet-4.5 Modell zu nutzen | in_band.signin_words
          # a status printed after a dash or an equals sign where most print a colon
          APIStatusError - Error code - 402 | account.status_402
          Server responded with status code - 404 | gone.status_404_410
          MistralAPIStatusException - Cannot stream response. Status - 429 | transient.status_429
          # a model of any family named by its id, however long the id
          JSON モードは glm-4-plus ではサポートされていません。 | in_band.capability_words
          Modell mistral-large-2411 wird für das Format anthropic nicht unterstützt | in_band.model_words
          # a wait of up to 999 seconds is a rate limit's window, in any of the corpus's languages
          telegram.error.RetryAfter: Flood control exceeded. Retry in 177 seconds | in_band.short_reset
          Límite de solicitudes alcanzado, vuelve a intentarlo en 207 segundos. | in_band.short_reset
          # …but a thinking block's signature is the request's, not a credential
          Invalid signature in thinking block | in_band.request_invalid
          # …and what a request needs, what a server only supports, a value's type or values in
          # conflict, named in plain words
          context compression requires a chat request | in_band.invalid_words
          useResponsesAPI: true requires apiVersion: "v1" or apiVersion: "preview". | in_band.invalid_words
          Attachments can only be provided in the first message | in_band.invalid_words
          current only supported n == best_of | in_band.invalid_words
          AnyLLMModel does not currently support prompt-managed requests. | in_band.invalid_words
          Conflicting content hashes for image_data[0] | in_band.invalid_words
          Expected a string or an array of strings | in_band.invalid_words
          # …but never an answer, nor the app's own programming fault
          Invalid response from AI service | in_band.unreadable_words
          OpenAI returned a malformed JSON string for tool call arguments. This tool call will be skipped. | in_band.unreadable_words
          Rerank API returned invalid result data | in_band.unreadable_words
          # …nor a status or an error the API returned (with no status read, nothing else is)
          The API returned an unexpected status | unknown
          Planning failed: Failed to invoke qwen2.5 with structured output: TypeError: Cannot read properties of undefined (reading 'map') | unknown
          # a sign-in to renew, an organisation's policy, a model deleted, in an app's plain words
          Windsurf: Your auth token is no longer valid. Sign out and sign back in. | in_band.signin_words
          Claude Code use is blocked by your organization's policy. Contact your admin. | in_band.policy_words
          Fine-tuned model ft:gpt-3.5-turbo-0613:acme::8Xk2Lm9Q was deleted and can no longer be used. | in_band.retired_words
          # the model's output, a tool call it formed, what it returned, named unusable: the
          # answer's fault, not the request's
          Invalid JSON in model output | in_band.unreadable_words
          Tool call function name is missing | in_band.unreadable_words
          Generation stopped: invalid function call generated by model | in_band.unreadable_words
          No embeddings found in API response. | in_band.unreadable_words
          # …but not a request's settings for that output
          Invalid response_format: json_schema requires a schema | in_band.request_invalid
          The model output setting is invalid | unknown
          # an agent's "the model did not provide any response content" in its locales
          Das Modell hat keinen Antwortinhalt geliefert. | in_band.empty_words
          (Réflexion terminée, mais aucune sortie générée.) | in_band.empty_words
          生成摘要失败 - 未从 LLM 响应中接收到文本内容 | in_band.empty_words
          # a client that crashed reaching into the answer for what was not there
          "choice = response['choices'][0] IndexError: list index out of range" | in_band.answer_missing
          com.squareup.moshi.JsonDataException: Required value 'content' missing at $.choices[0].message | in_band.answer_missing
          json: cannot unmarshal string into Go struct field ChatCompletionResponse.choices of type []openai.ChatCompletionChoice | in_band.answer_missing
          # …but not a bare KeyError, nor a request's own choices field
          KeyError: 'choices' | unknown
          # what the caller must supply or set, a field named empty, of the wrong type or kind,
          # what only some models support: the request's, read last
          Must supply a `contentType` when sending File URIs to Gemini. | in_band.request_words
          Please set a value for Max Tokens. | in_band.request_words
          Currently only `function` tool types support auto-parsing; Received `custom` | in_band.request_words
          audio file is empty | in_band.request_words
          output_parse_pii needs to be a boolean value | in_band.request_words
          unknown content type: input_video | in_band.request_words
          model is not a re-ranker model | in_band.request_words
          URL with IP address 169.254.169.254 is not allowed | in_band.request_words
          # …but never the answer named empty
          The response is empty | in_band.empty_words
          # a connection that timed out while it was being opened: nothing was sent
          I/O error on POST request for "https://api.openai.com/v1/chat/completions": Connection timed out: connect | in_band.connect_failed
          Post "https://api.openai.com/v1/chat/completions": dial tcp 104.18.7.192:443: i/o timeout | in_band.connect_failed
          curl: (28) Failed to connect to api.openai.com port 443 after 75002 ms: Timeout was reached | in_band.connect_failed
          # a count per minute, however it is called, is a throttle, never the account's state
          groq: per-minute request allowance for llama-3.3-70b-versatile reached; retry after 2s | in_band.short_reset
          Per-minute token budget exhausted for key sk-...9c1e; next window opens in 23s. | in_band.short_reset
          Your monthly quota is not exhausted; you are sending requests too fast. Limit: 60 requests per minute, retry in 12s. | in_band.rate_limited
          # a valid key refused this model under a gateway's authentication label is a permission
          Authentication Error, key not allowed to access model. This key can only access models=['gpt-4o-mini'] | auth.permission_wording
          Authentication Error, Team not allowed to access model. Team=team-research, Model=claude-3-opus. | auth.permission_wording
          # an answer that ended before its document did, or came with nothing in it
          SyntaxError: JSON.parse: unexpected end of data at line 1 column 1 of the JSON data | in_band.unreadable_words
          grok-2 returned a zero-length completion | in_band.unreadable_words
          litellm: model returned a completion with content=None and tool_calls=None | in_band.unreadable_words
          # (a stream named ended with an invalid chunk is read by the stream's own words first)
          Model stream ended with an invalid chunk or missing finish reason. | in_band.empty_words
          # …or printed by a client after a label: the answer it could not use is still read
          Error: {"role": "assistant", "content": ""} | empty.blank_answer
          I got this error: {"choices": [{"message": {"role": "assistant", "content": ""}, "finish_reason": "stop"}]} | empty.blank_answer
          # …or a structured output that missed the caller's schema: the output is the model's
          Failed to parse Person from completion {"name": "Alice"}. Got: 1 validation error for Person age Field required | in_band.unreadable_words
          There was a problem with the generation of the structured output: 1 validation error for Album | in_band.unreadable_words
          Structured output validation failed: - name: Required | in_band.unreadable_words
          # an API, feature or service switched off for the caller
          OpenAI API is disabled | in_band.permission_words
          The 'More like this' feature is disabled. Please refresh your page. | in_band.permission_words
          # a plan's allowance used up, in a product's own words
          You've used all 500 fast requests included in your plan this month. | account.wording
          You have run out of fast hours. You can purchase more fast time with /subscribe. | account.wording
          Model request limit reached. Upgrade to Zed Pro for more requests. | account.wording
          # a count of tokens set against a maximum, either way round, is the window's…
          LLMError.contextOverflow(requested: 9412, available: 8192) | size.context_wording
          Remote service error: text of 1,902 tokens is longer than the 512-token input window of 'e5' | size.context_wording
          Requested 9000 tokens (8000 in prompt + 1000 max_tokens) but the model context is only 8192 tokens. | size.context_wording
          # …but not tokens remaining of a per-minute allowance
          Batch contains 120 tokens but only 100 tokens remaining out of 100 TPM limit. | in_band.rate_limited
          # a model the server will not give this caller, in the words pointing to what it serves
          Unable to access model meta-llama/Llama-3-70b-chat. Please visit https://api.together.ai/models to view the list of supported models. | in_band.model_words
          The model you are trying to use is not available. Please download it from the Hub first. | in_band.model_words
          unknown deployment 'gpt4o-eastus' | in_band.model_words
          No embedding models are currently loaded. | in_band.model_words
          # a message behind a pasted log line's prefix: a bracketed level, time and source, Go
          # logrus's msg="…", pino's, a Markdown quote (a source file's name is not read as words)
          [ERROR][2024-06-01 01:59:42][chat_gpt_bot.py:155] - 429 Provider returned error | transient.status_429
          time="2024-06-01T01:59:42Z" level=error msg="Error: pull model manifest: 401 " | auth.status_401
          time="2024-06-01T01:59:42Z" level=error msg="El rol \"system\" solo puede aparecer como primer mensaje" | in_band.request_words
          [2024-06-01T01:59:42.123Z] ERROR (agent/123): 401 invalid or missing credential | auth.status_401
          > Provider returned error: Conversation must end with a user message for this model | in_band.invalid_words
          # a client's notice that it will try again is its own schedule, not the provider's wait
          You've reached your trial request limit · Retrying in 1 seconds… (attempt 1/10) | account.cap_wording
          Error: pull model manifest: 401 (retrying in 5s) | auth.status_401
          # a status a client puts after its own words as "code is …"
          gtp request error: gtp api status code not equals 200,code is 401 | auth.status_401
          # an answer stopped for safety or a recitation policy, in Chinese
          因安全原因停止响应。 | in_band.content_words
          因背诵策略停止响应。 | in_band.content_words
          # an API key named empty, in Chinese, is a key not given, not a request's field
          Dify API Key 不能为空。 | in_band.auth_words
          # the model's answer not parsed, in German, Spanish and French
          Antwort des Modells konnte nicht verarbeitet werden: ungültiges Format. | in_band.unreadable_words
          No se pudo analizar la respuesta del modelo. | in_band.unreadable_words
          La réponse du modèle n'a pas pu être analysée. | in_band.unreadable_words
          # an answer cut short by its output-token budget is unusable; the request was served
          Output was truncated: the completion hit max_completion_tokens before the JSON closed | in_band.unreadable_words
          The response was cut off at max_tokens; no answer was produced. | in_band.unreadable_words
          # a message too long, in Dutch, Polish, Ukrainian, Romanian, Portuguese and Russian…
          Uw bericht is te lang voor dit model. | in_band.context_words
          Wiadomość jest zbyt długa dla tego modelu. | in_band.context_words
          Ваш запит задовгий для цієї моделі. | in_band.context_words
          Textul este prea lung pentru acest model. | in_band.context_words
          O documento é longo demais para este modelo. | in_band.context_words
          Запрос превышает допустимую длину модели. | in_band.context_words
          # …or the context counted over the maximum, or a server's code for it
          Your prompt resulted in 9000 tokens, over the 8192 the model takes | in_band.context_words
          error: out_of_context_due_to_long_message | in_band.context_words
          # …but a request that took too long is not the window, nor is a URI too long
          Het verzoek duurde te lang. | unknown
          Désolé, l'URI de votre demande est trop longue | in_band.size_words
          # a conversation to reload is not an account to recharge, a new session to open is not a
          # sign-in
          Le message était trop long. Veuillez recharger la conversation. | in_band.context_words
          Bağlam penceresi doldu. Yeni bir oturum açın. | size.context_wording
          # a usage limit used up, in Korean
          월 사용량 한도를 모두 소진했습니다. | account.cap_wording
          # a service named unavailable with no status turns requests away for now, unless the
          # upstream is what is unavailable
          Service unavailable. Please come back in a few minutes. | in_band.overloaded
          The assistant is temporarily unavailable, please try again shortly. | in_band.overloaded
          Сервис временно недоступен. Попробуйте позже. | in_band.overloaded
          Upstream service unavailable | in_band.server_error
          # a subscription that does not reach a model is its scope, not its money
          Claude Opus isn't included with your subscription. | in_band.permission_words
          # access in Russian, never "unavailable" (недоступна); unavailable in the caller's region
          Эта модель недоступна в вашем регионе. | in_band.permission_words
          # a session or a login token expired, in Arabic
          انتهت صلاحية جلستك، يرجى تسجيل الدخول مجددا. | auth.wording
          # a request limit or a rate limit exceeded, in Russian, is a rate limit
          Превышен лимит запросов, повторите через минуту. | in_band.rate_limited
          # a tool call's arguments the model wrote that do not parse, or its token budget spent
          # while it wrote them
          Function search_docs arguments: {"query": "abc are not valid JSON. | in_band.unreadable_words
          Model token limit (8192) exceeded while generating a tool call, resulting in incomplete arguments. | in_band.unreadable_words
          # a connector is a product's or a module's name, not a connection; "please retry" alone
          # names no cause
          Something went wrong in the connector. See the logs for details. | unknown
          Summary failed. Please retry. | unknown
          # an option that may only be given with another, named without a parameter's marks
          Tools can only be enabled when stream is off. | in_band.request_words
          stream api only support n = 1 | in_band.request_words
          # a generation or a prompt blocked, Anthropic's refusal stop reason as a client prints it
          Generation blocked. | content.policy_wording
          Anthropic declined: stop_reason='refusal' | content.policy_wording
          # a server that could not parse the tool call the model wrote: the answer was malformed
          ResponseError: error parsing tool call: invalid character '}' looking for beginning of value (status code: 500) | transient.tool_call_unparsed
          # pre-paid credits to add are the account's state, whatever status came with them
          HTTP 404 Not Found from https://api.example.com/v1/chat/completions. You may need to add pre-paid credits first. | account.wording
          # no response received is said of the answer, not of a wait
          No response received from the summariser. | in_band.empty
          # a key or a token required, or of the wrong type, is a key not given; a parameter
          # required is the request's
          Gateway token is required | in_band.auth_words
          Anthropic API key must be a string. | in_band.auth_words
          The max_tokens is required | in_band.request_invalid
          # a gateway's own key for its callers is a key, not a proxy on the network
          Proxy key not found for this request | in_band.auth_words
          # a capability not enabled for this model is the request's; access not enabled for an
          # account is a permission
          Tool use is not enabled for this model. | in_band.capability_words
          Model access is not enabled for this account. | auth.permission_wording
          # a relay's 429 around an upstream's settled request error is the request's; around a
          # rate limit typed the same way (Fireworks), the rate limit it is
          "Error code: 429 - {'error': {'message': '`temperature` and `top_p` cannot both be specified for this model.', 'type': 'invalid_request_error'}}" | request.relay_429
          "Error code: 429 - {'error': {'message': 'rate limit exceeded, please try again later', 'type': 'invalid_request_error'}}" | transient.status_429
          # a model's reasoning with no answer after it is an empty answer, whatever its advice
          Model produced 9000 characters of reasoning, but no actual response content. Try a shorter input or increase max_tokens. | in_band.empty
          """)
  void readsWhatAClientsMessageCarries(String message, String rule) {
    Classification c = CLASSIFIER.explainStrict(FailureEvidence.message(message));
    assertThat(c.rule()).as(message).isEqualTo(rule);
  }

  @Test
  void readsABodyQuotedWithAnElisionCommentAndATrailingComma() {
    String body =
        "{\n  \"promptFeedback\": {\"blockReason\": \"PROHIBITED_CONTENT\"},\n"
            + "  \"usageMetadata\": {\n    // omitted\n  },\n  \"modelVersion\": \"gemini-2.5-flash\",\n}";
    Classification c = CLASSIFIER.explainStrict(FailureEvidence.emptyResponse(body));
    assertThat(c.rule()).isEqualTo("content.block_reason");
  }

  @Test
  void readsANumericCodeThatIsNoStatusAsAToken() {
    String body = "{\"object\":\"error\",\"message\":\"Input rejected\",\"code\":40303}";
    Classification c = CLASSIFIER.explainStrict(FailureEvidence.http(400, Map.of(), body));
    assertThat(c.failure().category()).isEqualTo(FailureCategory.CONTEXT_LENGTH_EXCEEDED);
    assertThat(c.failure().errorCode()).isEqualTo("40303");
  }

  @Test
  void theLastRuleMatchesEverything() {
    FailureRules.Rule last = FailureRules.RULES.get(FailureRules.RULES.size() - 1);

    assertThat(last.id()).isEqualTo("unknown");
    assertThat(last.then().category()).isEqualTo(FailureCategory.UNKNOWN);
    assertThat(last.then().retryable()).isFalse();
    assertThat(FailureRules.RULES).extracting(FailureRules.Rule::id).doesNotHaveDuplicates();
  }

  static Map<String, String> headers(String spec) {
    java.util.Map<String, String> h = new java.util.LinkedHashMap<>();
    if (spec != null) {
      for (String pair : spec.split(";")) {
        int eq = pair.indexOf('=');
        h.put(pair.substring(0, eq).trim(), pair.substring(eq + 1).trim());
      }
    }
    return h;
  }
}
