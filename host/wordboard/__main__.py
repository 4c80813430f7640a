from wordboard.cli import main

raise SystemExit(main())
