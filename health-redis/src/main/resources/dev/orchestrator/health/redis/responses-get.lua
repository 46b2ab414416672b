-- responses-get (ADR 0029). KEYS[1] the entry. ARGV[1] now (ms), ARGV[2] ttl (ms). Returns owner,
-- conversation and response, or an empty list when the entry is unknown or older than the ttl on
-- the caller's clock.
local v = redis.call('HMGET', KEYS[1], 'owner', 'conversation', 'response', 'at')
if not v[1] or tonumber(ARGV[1]) - tonumber(v[4]) >= tonumber(ARGV[2]) then
  return {}
end
return {v[1], v[2], v[3]}
