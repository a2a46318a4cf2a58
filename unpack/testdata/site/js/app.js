document.documentElement.setAttribute("data-app", "1");
