#!/bin/sh
echo "The Prisma schema engine is not used here: migrations are applied by npm run db:migrate." >&2
exit 1
