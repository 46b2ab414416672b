-- index (not a route script: KEYS[1] is the namespace's index {ns}:index). ARGV[1] route, ARGV[2]
-- when its state expires (wall ms), ARGV[3] now. The index lists the routes with state for resync
-- and the backstop read; it drops expired routes and lives as long as its longest entry.
redis.call('ZADD', KEYS[1], 'GT', ARGV[2], ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[3])
local last = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
if last[2] then
  redis.call('PEXPIRE', KEYS[1], math.max(1, tonumber(last[2]) - tonumber(ARGV[3])))
end
return 1
