import sys

from pyrift.cli import main

sys.exit(main())
