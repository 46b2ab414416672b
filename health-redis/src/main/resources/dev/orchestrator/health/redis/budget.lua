-- budget (not a route script: KEYS[1] is the namespace's budget hash {ns}:budget).
-- ARGV[1] current slot, ARGV[2] requests to add, ARGV[3] retries to add, ARGV[4] slots in the
-- window, ARGV[5] ttl ms. Adds the batched counts to the current slot, drops slots that left the
-- window, and returns the fleet's {requests, retries} over the window.
local slot, window = tonumber(ARGV[1]), tonumber(ARGV[4])
if tonumber(ARGV[2]) > 0 then
  redis.call('HINCRBY', KEYS[1], 'q' .. ARGV[1], ARGV[2])
end
if tonumber(ARGV[3]) > 0 then
  redis.call('HINCRBY', KEYS[1], 'r' .. ARGV[1], ARGV[3])
end
local all = redis.call('HGETALL', KEYS[1])
local q, r = 0, 0
for i = 1, #all, 2 do
  local field = all[i]
  if tonumber(string.sub(field, 2)) <= slot - window then
    redis.call('HDEL', KEYS[1], field)
  elseif string.sub(field, 1, 1) == 'q' then
    q = q + tonumber(all[i + 1])
  else
    r = r + tonumber(all[i + 1])
  end
end
if #all > 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[5])
end
return {q, r}
