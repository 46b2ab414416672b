-- responses-put (not a route script; ADR 0029). KEYS[1] the index {ns:responses}:index (id by
-- write time, caller ms), KEYS[2] the byte total {ns:responses}:bytes, KEYS[3] the sizes
-- {ns:responses}:sizes (id -> bytes), KEYS[4] the entry {ns:responses}:r:<id>. ARGV[1] id, ARGV[2]
-- now (ms), ARGV[3] ttl (ms), ARGV[4] max entries, ARGV[5] max bytes, ARGV[6] owner, ARGV[7]
-- conversation, ARGV[8] response, ARGV[9] the entry key prefix, ARGV[10] how long past the ttl a
-- key may outlive its entry (ms). Expired entries go first; an entry larger than the bytes bound
-- by itself is then not written (it costs the others nothing); else it is written, then the oldest
-- others go while a bound is passed. Returns the number of entries dropped.
local now, ttl = tonumber(ARGV[2]), tonumber(ARGV[3])
local maxEntries, maxBytes = tonumber(ARGV[4]), tonumber(ARGV[5])
local dropped = 0
local function drop(id)
  local size = tonumber(redis.call('HGET', KEYS[3], id) or '0')
  redis.call('DEL', ARGV[9] .. id)
  redis.call('ZREM', KEYS[1], id)
  redis.call('HDEL', KEYS[3], id)
  if size > 0 then
    redis.call('DECRBY', KEYS[2], size)
  end
end
for _, id in ipairs(redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now - ttl)) do
  drop(id)
  dropped = dropped + 1
end
drop(ARGV[1])
local size = #ARGV[1] + #ARGV[6] + #ARGV[7] + #ARGV[8]
if size > maxBytes then
  return dropped
end
redis.call('HSET', KEYS[4], 'owner', ARGV[6], 'conversation', ARGV[7], 'response', ARGV[8],
  'at', ARGV[2])
redis.call('ZADD', KEYS[1], now, ARGV[1])
redis.call('HSET', KEYS[3], ARGV[1], size)
redis.call('INCRBY', KEYS[2], size)
while redis.call('ZCARD', KEYS[1]) > maxEntries
    or tonumber(redis.call('GET', KEYS[2]) or '0') > maxBytes do
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 1)
  local victim = oldest[1]
  if victim == ARGV[1] and oldest[2] then
    victim = oldest[2] -- never the one just written while another is left
  end
  drop(victim)
  dropped = dropped + 1
  if victim == ARGV[1] then
    break
  end
end
local keep = ttl + tonumber(ARGV[10])
for i = 1, 4 do
  redis.call('PEXPIRE', KEYS[i], keep)
end
return dropped
