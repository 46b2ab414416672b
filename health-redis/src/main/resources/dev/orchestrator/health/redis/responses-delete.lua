-- responses-delete (ADR 0029). KEYS as responses-put; ARGV[1] id. Returns 1 when there was one.
local size = redis.call('HGET', KEYS[3], ARGV[1])
redis.call('DEL', KEYS[4])
redis.call('ZREM', KEYS[1], ARGV[1])
redis.call('HDEL', KEYS[3], ARGV[1])
if size then
  redis.call('DECRBY', KEYS[2], tonumber(size))
  return 1
end
return 0
